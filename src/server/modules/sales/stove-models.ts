/**
 * A stove is sold as the model it was coupled as (DOMAIN.md §4 "Sales"): each stove ID's model is
 * the kit category of the stove report that coupled it, and an order takes, of each model, at most
 * as many IDs as its lines' packages of that model hold. IDs carried over from the previous system
 * were coupled without a report and have no recorded model: they may fill any line (the seller
 * vouches for them, as the old spreadsheets did), so the count of IDs still decides how many.
 */
import { counted } from '../../../common/counted';

export interface StoveModel {
  id: string;
  name: string;
}

/** One order line as the model check sees it: its package's model and the stoves it holds. */
export interface ModelLine {
  model: StoveModel;
  stoves: number;
}

/** How many stoves of one model the order's lines hold. */
export interface ModelNeed extends StoveModel {
  stoves: number;
}

/** The stoves each model must supply, from the order's lines (a model on two lines adds up). */
export function modelNeeds(lines: readonly ModelLine[]): ModelNeed[] {
  const byId = new Map<string, ModelNeed>();
  for (const line of lines) {
    const need = byId.get(line.model.id);
    if (need) need.stoves += line.stoves;
    else byId.set(line.model.id, { ...line.model, stoves: line.stoves });
  }
  return [...byId.values()];
}

/** "Jiko Poa L", "Jiko Poa or Jiko Poa L": the models an order needs, as its refusal names them. */
function neededModels(needs: readonly ModelNeed[]): string {
  const names = needs.map((n) => n.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/**
 * Why each code (in list order) cannot be sold as the order's lines need it: its model is on no
 * line ("Wrong model: Jiko Poa; this order needs Jiko Poa L"), or it comes after the lines' stoves of
 * its model are all supplied. Codes without a recorded model are never refused here. Judges only
 * the codes given (those otherwise sellable); an order without lines judges nothing.
 */
export function wrongModels(
  codes: readonly string[],
  modelOf: ReadonlyMap<string, StoveModel>,
  needs: readonly ModelNeed[],
): Map<string, string> {
  const refused = new Map<string, string>();
  if (needs.length === 0) return refused;
  const need = new Map(needs.map((n) => [n.id, n]));
  const taken = new Map<string, number>();
  for (const code of codes) {
    const model = modelOf.get(code);
    if (!model) continue;
    const wanted = need.get(model.id);
    if (!wanted) {
      refused.set(code, `Wrong model: ${model.name}; this order needs ${neededModels(needs)}`);
      continue;
    }
    const n = (taken.get(model.id) ?? 0) + 1;
    taken.set(model.id, n);
    if (n > wanted.stoves)
      refused.set(
        code,
        `One ${model.name} too many: this order needs ${counted(wanted.stoves, 'stove')} of that model`,
      );
  }
  return refused;
}
