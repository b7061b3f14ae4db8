/** What every function of the package throws for bad input. */
export class DdsError extends Error {
  constructor(kind: string, message: string, argument?: string);
  /** "Parse", "ParseDeal", "Deal", "Position", "IllegalPlay", "NotFullDeal",
   *  "TargetTooHigh", "Lin", "PbnFile", "PbnTag", "Type", "Range",
   *  "Cancelled", "Unsupported", ... */
  readonly kind: string;
  /** The argument the error is about ("strain", "deals[3]"), when there is one. */
  readonly argument?: string;
}
