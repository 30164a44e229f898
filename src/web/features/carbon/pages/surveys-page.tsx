import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { ClipboardListIcon, DicesIcon, FileDownIcon, UploadIcon } from 'lucide-react';
import {
  SURVEY_FUEL_LABELS,
  SURVEY_METHOD_LABELS,
  SURVEY_RESULT_CSV_COLUMNS,
  type SurveyDrawDetail,
  type SurveyDrawSummary,
  type SurveyMember,
} from '@common/contracts/carbon-surveys';
import { SURVEY_CONFIDENCES, SURVEY_PRECISIONS } from '@common/survey-sampling';
import { counted } from '@common/counted';
import { CsvImportDialog } from '@web/components/csv-import/csv-import-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { formatDate, formatDateTime } from '@web/lib/format';
import { localToday } from '@web/lib/local-today';
import { useDraft } from '@web/lib/use-draft';
import { toast } from 'sonner';
import { useCreateSurveyDraw } from '../api/create-survey-draw';
import { dropOffCsvPath, useDropOff } from '../api/get-drop-off';
import { surveyCallListPath, useSurveyDraw } from '../api/get-survey-draw';
import { useSurveyDraws } from '../api/get-survey-draws';
import { useSurveyPlan } from '../api/get-survey-plan';
import { useImportSurveyResults } from '../api/import-survey-results';
import { SurveyResultDialog } from '../components/survey-result-dialog';

const count = (n: number) => n.toLocaleString('en-US');
const percent = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)} %`);
const yesNo = (v: boolean | null) => (v === null ? '–' : v ? 'Yes' : 'No');

interface SurveysViewer {
  isGlobal: boolean;
  factory: { name: string } | null;
  user: { id: string };
  name: string;
}

/**
 * Carbon Programme: Surveys (/carbon/surveys): draw a monitoring sample per cohort (year of
 * handover) at a confidence and precision, keep every draw with its seed, record each visit or call
 * (one by one or by CSV), and read the drop-off per cohort. The open draw is in the address (?draw=).
 */
export function SurveysPage({ title, viewer }: { title: string; viewer: SurveysViewer }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('draw');
  const openDraw = (id: string | null) =>
    setSearchParams((params) => {
      if (id) params.set('draw', id);
      else params.delete('draw');
      params.delete('stove');
      return params;
    });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Usage surveys of the stoves in the field${
          viewer.isGlobal ? '' : ` (stoves of ${viewer.factory?.name ?? 'your factory'})`
        }. Only stoves with a registered end user that were not returned can be sampled.`}
      />
      <NewDraw isGlobal={viewer.isGlobal} userId={viewer.user.id} onDrawn={openDraw} />
      <Draws open={open} onOpen={openDraw} />
      {open ? <DrawPanel key={open} id={open} viewer={viewer} /> : null}
    </div>
  );
}

/** The draw form's choices, as its draft keeps them. */
const drawChoicesSchema = z.object({
  from: z.string(),
  to: z.string(),
  confidence: z.number(),
  precision: z.number(),
  factoryId: z.string(),
  /** The cohorts left out. */
  unchecked: z.array(z.number()),
});
type DrawChoices = z.infer<typeof drawChoicesSchema>;

function startChoices(): DrawChoices {
  const today = localToday();
  return {
    from: `${Number(today.slice(0, 4)) - 1}-01-01`,
    to: today,
    confidence: 90,
    precision: 10,
    factoryId: '',
    unchecked: [],
  };
}

function NewDraw({ isGlobal, userId, onDrawn }: { isGlobal: boolean; userId: string; onDrawn: (id: string) => void }) {
  const [start] = useState(startChoices);
  const [choices, setChoices] = useState<DrawChoices>(start);
  const { from, to, confidence, precision, factoryId } = choices;
  const unchecked = new Set(choices.unchecked);
  const set = (change: Partial<DrawChoices>) => setChoices((prev) => ({ ...prev, ...change }));
  const setFrom = (v: string) => set({ from: v });
  const setTo = (v: string) => set({ to: v });
  const setConfidence = (v: number) => set({ confidence: v });
  const setPrecision = (v: number) => set({ precision: v });
  const setFactoryId = (v: string) => set({ factoryId: v });
  const draft = useDraft<DrawChoices>({
    screen: 'carbon-survey-draw',
    userId,
    value: choices,
    isEmpty: (v) => JSON.stringify(v) === JSON.stringify(start),
    schema: drawChoicesSchema,
    restore: setChoices,
    reset: () => setChoices(start),
  });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const plan = useSurveyPlan({ from, to, confidence, precision, factoryId: factoryId || undefined }, valid);
  const create = useCreateSurveyDraw();
  const ids = { from: useId(), to: useId(), confidence: useId(), precision: useId() };
  const cohorts = plan.data?.cohorts ?? [];
  const chosen = cohorts.filter((c) => !unchecked.has(c.year));

  const draw = async () => {
    try {
      const drawn = await create.mutateAsync({
        from,
        to,
        confidence,
        precision,
        factoryId: factoryId || null,
        years: chosen.map((c) => c.year),
      });
      draft.clear();
      toast.success(`${drawn.label} drawn: ${counted(drawn.sampled, 'stove')} to survey`);
      onDrawn(drawn.id);
    } catch (error) {
      toast.error('Could not draw the sample', { description: errorMessage(error) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Draw a sample</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DraftNotice draft={draft} describe={(v) => `a draw of ${v.from} to ${v.to}`} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.from}>Handed over from</Label>
            <Input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.to}>Handed over to</Label>
            <Input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.confidence}>Confidence</Label>
            <NativeSelect
              id={ids.confidence}
              value={String(confidence)}
              onChange={(e) => setConfidence(Number(e.target.value))}
            >
              {SURVEY_CONFIDENCES.map((c) => (
                <option key={c} value={c}>
                  {c} %
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.precision}>Precision</Label>
            <NativeSelect
              id={ids.precision}
              value={String(precision)}
              onChange={(e) => setPrecision(Number(e.target.value))}
            >
              {SURVEY_PRECISIONS.map((p) => (
                <option key={p} value={p}>
                  ± {p} %
                </option>
              ))}
            </NativeSelect>
          </div>
          {isGlobal ? <FactoryFilter value={factoryId} onChange={setFactoryId} widthClassName="" /> : null}
        </div>
        {!valid ? (
          <p role="alert" className="text-sm text-destructive">
            Choose a period whose start is not after its end.
          </p>
        ) : plan.isError ? (
          <LoadError what="the cohorts" error={plan.error} onRetry={() => void plan.refetch()} />
        ) : !plan.data ? (
          <Loading className="py-6" />
        ) : cohorts.length === 0 ? (
          <EmptyState
            title="No stoves to sample in this period"
            description="Stoves count once they are sold and their end user is registered (End Users)."
          />
        ) : (
          <>
            <Table aria-label="Cohorts of the period">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-10">
                    <span className="sr-only">Sample</span>
                  </TableHead>
                  <TableHead>Year of handover</TableHead>
                  <TableHead className="text-right">Stoves in the field</TableHead>
                  <TableHead className="text-right">Sample size</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {cohorts.map((c) => (
                  <TableRow key={c.year}>
                    <TableCell>
                      <Checkbox
                        aria-label={`Sample ${c.year}`}
                        checked={!unchecked.has(c.year)}
                        onCheckedChange={(checked) =>
                          setChoices((prev) => ({
                            ...prev,
                            unchecked:
                              checked === true
                                ? prev.unchecked.filter((y) => y !== c.year)
                                : [...prev.unchecked.filter((y) => y !== c.year), c.year],
                          }))
                        }
                      />
                    </TableCell>
                    <TableCell>{c.year}</TableCell>
                    <TableCell className="text-right tabular-nums">{count(c.population)}</TableCell>
                    <TableCell className="text-right tabular-nums">{count(c.sampleSize)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground">
                Sample size: n₀ = z²·p(1−p)/e² with p = 0.5, corrected for the cohort’s size and rounded up. Each draw
                is kept with its seed: it can be drawn again, never replaced.
              </p>
              <Button onClick={() => void draw()} disabled={chosen.length === 0 || create.isPending}>
                <DicesIcon aria-hidden="true" />
                {create.isPending ? 'Drawing...' : 'Draw sample'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Draws({ open, onOpen }: { open: string | null; onOpen: (id: string) => void }) {
  const draws = useSurveyDraws();
  return (
    <section aria-labelledby="draws-heading" className="flex flex-col gap-3">
      <h2 id="draws-heading" className="text-lg font-semibold">
        Draws
      </h2>
      {draws.isError ? (
        <LoadError what="the draws" error={draws.error} onRetry={() => void draws.refetch()} />
      ) : !draws.data ? (
        <Loading className="py-6" />
      ) : draws.data.length === 0 ? (
        <EmptyState title="No draws yet" description="Choose a period and its cohorts above, then Draw sample." />
      ) : (
        <Table aria-label="Draws">
          <TableHeader>
            <TableRow>
              <TableHead>Draw</TableHead>
              <TableHead>Handed over</TableHead>
              <TableHead>Cohorts</TableHead>
              <TableHead>Confidence / precision</TableHead>
              <TableHead className="text-right">Surveyed</TableHead>
              <TableHead>Drawn</TableHead>
              <TableHead>
                <span className="sr-only">Open</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {draws.data.map((d) => (
              <DrawRow key={d.id} draw={d} open={d.id === open} onOpen={onOpen} />
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function DrawRow({ draw, open, onOpen }: { draw: SurveyDrawSummary; open: boolean; onOpen: (id: string) => void }) {
  return (
    <TableRow data-state={open ? 'selected' : undefined}>
      <TableCell className="font-medium">
        {draw.label}
        {draw.factory ? <span className="block text-xs text-muted-foreground">{draw.factory.name}</span> : null}
      </TableCell>
      <TableCell>
        {formatDate(draw.from)} – {formatDate(draw.to)}
      </TableCell>
      <TableCell>{draw.cohorts.map((c) => c.year).join(', ')}</TableCell>
      <TableCell>
        {draw.confidence} % / ± {draw.precision} %
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {count(draw.surveyed)} of {count(draw.sampled)}
      </TableCell>
      <TableCell>
        {formatDateTime(draw.createdAt)}
        <span className="block text-xs text-muted-foreground">
          {draw.createdBy?.name ?? draw.createdBy?.email ?? ''}
        </span>
      </TableCell>
      <TableCell className="text-right">
        <Button
          size="sm"
          variant={open ? 'secondary' : 'outline'}
          onClick={() => onOpen(draw.id)}
          aria-label={`Open ${draw.label}`}
        >
          Open
        </Button>
      </TableCell>
    </TableRow>
  );
}

function DrawPanel({ id, viewer }: { id: string; viewer: SurveysViewer }) {
  const draw = useSurveyDraw(id);
  if (draw.isError) return <LoadError what="the draw" error={draw.error} onRetry={() => void draw.refetch()} />;
  if (!draw.data) return <Loading className="py-10" />;
  return <DrawDetail draw={draw.data} viewer={viewer} />;
}

function DrawDetail({ draw, viewer }: { draw: SurveyDrawDetail; viewer: SurveysViewer }) {
  // The stove whose result is being recorded is in the address (&stove=): a reload reopens its form
  // with the draft.
  const [searchParams, setSearchParams] = useSearchParams();
  const stove = searchParams.get('stove');
  const editing = draw.members.find((m) => m.code === stove) ?? null;
  const setEditing = (m: SurveyMember | null) =>
    setSearchParams((params) => {
      if (m) params.set('stove', m.code);
      else params.delete('stove');
      return params;
    });
  const [importing, setImporting] = useState(false);
  const { mutateAsync: importCsv } = useImportSurveyResults();
  const today = localToday();
  return (
    <section aria-labelledby="draw-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="draw-heading" className="text-lg font-semibold">
            {draw.label}
          </h2>
          <p className="text-sm text-muted-foreground">
            Handed over {formatDate(draw.from)} – {formatDate(draw.to)}
            {draw.factory ? ` at ${draw.factory.name}` : ', every factory'}; {draw.confidence} % confidence, ±{' '}
            {draw.precision} % precision; seed {draw.seed}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={surveyCallListPath(draw.id)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <FileDownIcon aria-hidden="true" />
            Call list CSV
          </a>
          <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
            <UploadIcon aria-hidden="true" />
            Import results
          </Button>
        </div>
      </div>
      <DropOffTable id={draw.id} />
      <Table aria-label="Sampled stoves">
        <TableHeader>
          <TableRow>
            <TableHead>Stove ID</TableHead>
            <TableHead>Cohort</TableHead>
            <TableHead>End user</TableHead>
            <TableHead>Result</TableHead>
            <TableHead>
              <span className="sr-only">Record</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {draw.members.map((m) => (
            <TableRow key={m.code}>
              <TableCell className="font-mono">{m.code}</TableCell>
              <TableCell>{m.cohort}</TableCell>
              <TableCell>
                {m.endUser.name}
                <span className="block text-xs text-muted-foreground">
                  {[m.endUser.phone, m.endUser.location].filter(Boolean).join(' · ')}
                </span>
              </TableCell>
              <TableCell>
                <ResultSummary member={m} />
              </TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing(m)}
                  aria-label={`Record result of ${m.code}`}
                >
                  <ClipboardListIcon aria-hidden="true" />
                  {m.result ? 'Edit' : 'Record'}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing ? (
        <SurveyResultDialog
          drawId={draw.id}
          member={editing}
          userId={viewer.user.id}
          surveyor={viewer.name}
          today={today}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? (
        <CsvImportDialog
          open
          onOpenChange={(next) => (next ? undefined : setImporting(false))}
          title={`Import results of ${draw.label}`}
          allOrNothing
          description={`One row per stove of this sample: ${SURVEY_RESULT_CSV_COLUMNS.map((c) => c.header).join(', ')}. Reached, In use and Working are yes or no; a stove not reached has no answers. The call list, filled in, imports as it is.`}
          preview={(csv) => importCsv({ drawId: draw.id, csv, dryRun: true })}
          run={(csv) => importCsv({ drawId: draw.id, csv, dryRun: false })}
        />
      ) : null}
    </section>
  );
}

function ResultSummary({ member }: { member: SurveyMember }) {
  const r = member.result;
  if (!r) return <span className="text-muted-foreground">Not surveyed yet</span>;
  if (!r.reached)
    return (
      <span>
        <Badge variant="outline">Not reached</Badge>
        <span className="block text-xs text-muted-foreground">
          {SURVEY_METHOD_LABELS[r.method]}, {formatDate(r.surveyedOn)}
        </span>
      </span>
    );
  return (
    <span>
      <Badge variant={r.inUse ? 'default' : 'secondary'}>{r.inUse ? 'In use' : 'Not in use'}</Badge>
      <span className="block text-xs text-muted-foreground">
        Working: {yesNo(r.working)}; fuel {r.fuelBefore ? SURVEY_FUEL_LABELS[r.fuelBefore] : '–'} →{' '}
        {r.fuelAfter ? SURVEY_FUEL_LABELS[r.fuelAfter] : '–'}; {SURVEY_METHOD_LABELS[r.method]},{' '}
        {formatDate(r.surveyedOn)}, {r.surveyor}
      </span>
    </span>
  );
}

function DropOffTable({ id }: { id: string }) {
  const table = useDropOff(id);
  const rows = useMemo(() => table.data?.cohorts ?? [], [table.data]);
  if (table.isError) return <LoadError what="the drop-off" error={table.error} onRetry={() => void table.refetch()} />;
  if (!table.data) return <Loading className="py-6" />;
  const level = table.data.confidence;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Drop-off</h3>
        <a href={dropOffCsvPath(id)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <FileDownIcon aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <Table aria-label="Drop-off">
        <TableHeader>
          <TableRow>
            <TableHead>Cohort</TableHead>
            <TableHead className="text-right">Stoves in the field</TableHead>
            <TableHead className="text-right">Sampled</TableHead>
            <TableHead className="text-right">Surveyed</TableHead>
            <TableHead className="text-right">In use</TableHead>
            <TableHead className="text-right">Share in use ({level} % interval)</TableHead>
            <TableHead className="text-right">Estimated still in use</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.year}>
              <TableCell>{c.year}</TableCell>
              <TableCell className="text-right tabular-nums">{count(c.population)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(c.sampled)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(c.surveyed)}</TableCell>
              <TableCell className="text-right tabular-nums">{count(c.inUse)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {c.share === null ? '–' : `${percent(c.share)} (${percent(c.low)} – ${percent(c.high)})`}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {c.estimated === null
                  ? '–'
                  : `${count(c.estimated)} (${count(c.estimatedLow ?? 0)} – ${count(c.estimatedHigh ?? 0)})`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-xs text-muted-foreground">
        Surveyed counts the end users reached. The interval is the Wilson score interval at the draw’s confidence; the
        estimate is the share × the stoves in the field at the draw.
      </p>
    </div>
  );
}
