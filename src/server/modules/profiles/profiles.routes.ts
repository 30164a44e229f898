import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listProfilesQuerySchema,
  profileListSchema,
  profileSchema,
  updateProfileSchema,
} from '../../../common/contracts/profiles';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { listProfiles, updateProfile } from './profiles.service';

const tags = ['profiles'];
const config = { permission: 'user-management' } as const;
const params = z.object({ id: z.string().uuid('Not a profile id') });

export async function profileRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/profiles',
    {
      config,
      schema: {
        tags,
        summary: 'List user profiles',
        description:
          "Every user's profile (name, email, phone, job title, factory), sorted by name or email. `q` " +
          'searches the name, email, phone and job title.',
        querystring: listProfilesQuerySchema,
        response: { 200: profileListSchema },
      },
    },
    async (request) => listProfiles(db, request.query),
  );

  r.patch(
    '/api/profiles/:id',
    {
      config: { ...config, errors: { 404: 'No profile with this id.' } },
      schema: {
        tags,
        summary: 'Change a profile (name, phone, job title)',
        description:
          "Changes any of the name (the account's too), the phone (digits, spaces and + ( ) - . /) and the " +
          'job title; at least one of them. Audited with the profile before and after.',
        params,
        body: updateProfileSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => updateProfile(db, actorOf(request), request.params.id, request.body),
  );
}
