/**
 * The fragment ids a record's page gives its parts (`#question-…`, `#award-…`), which the
 * change events link to (`records/events.ts`): one function writes them on both sides, so
 * a link and its target agree. Prefixes differ by part, so ids of different parts never
 * collide; an id with white space (not valid in an HTML id) gets no anchor.
 */

export type AnchorPart = 'question' | 'document' | 'award' | 'contract' | 'complaint' | 'cancellation' | 'lot' | 'change';

/** `question-<id>`, or undefined without a usable id. */
export const anchorOf = (part: AnchorPart, id: string | undefined): string | undefined =>
  id && !/\s/.test(id) ? `${part}-${id}` : undefined;
