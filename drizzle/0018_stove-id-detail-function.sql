-- One stove ID with its factory, batch, pending transfer's destination and whole history, as the
-- JSON object the repository reads (findStoveIdByCode), or null. A PL/pgSQL function keeps its
-- query's plan from one call to the next (per database session): planning this statement (joins
-- and a scalar subquery per document type) took twice as long as running it, on every request.
create function stove_id_detail(wanted text) returns json language plpgsql stable as $$
begin
  return (
    select json_build_object(
             'id', s.id::text, 'code', s.code, 'status', s.status, 'heldStatus', s.held_status,
             'factoryId', s.factory_id, 'factoryName', f.name, 'factoryCode', f.code,
             'batchId', s.batch_id, 'batchNumber', b.number::int, 'batchKind', b.kind,
             'pendingTransferId', s.pending_transfer_id, 'voidReason', s.void_reason,
             'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'transitToFactoryId',
               (select t.to_factory_id from stove_transfers t where t.id = s.pending_transfer_id and t.status = 'pending'),
             'events',
               (select coalesce(json_agg(json_build_object(
                         'id', e.id, 'kind', e.kind, 'fromStatus', e.from_status, 'toStatus', e.to_status,
                         'factoryId', e.factory_id, 'factoryName', ef.name, 'factoryCode', ef.code,
                         'documentType', e.document_type, 'documentId', e.document_id,
                         'documentNumber', case e.document_type
                           when 'transfer' then (select d.number from stove_transfers d where d.id = e.document_id)
                           when 'batch' then (select d.number from stove_id_batches d where d.id = e.document_id)
                           when 'stove_report' then (select d.number from stove_reports d where d.id = e.document_id)
                           when 'sales_order' then (select d.number from sales_orders d where d.id = e.document_id) end,
                         'note', e.note,
                         'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                         'actorId', e.actor_id, 'actorName', coalesce(p.name, u.name), 'actorEmail', u.email)
                       order by e.id), '[]'::json)
                  from stove_id_events e
                  join factories ef on ef.id = e.factory_id
                  left join users u on u.id = e.actor_id
                  left join profiles p on p.id = e.actor_id
                 where e.stove_id_id = s.id))
      from stove_ids s
      join factories f on f.id = s.factory_id
      join stove_id_batches b on b.id = s.batch_id
     where s.code = wanted);
end
$$;
