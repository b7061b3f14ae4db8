// The error every function of the package throws for bad input (and the
// pool for an error in a worker): `kind` names what went wrong (the
// solver's error kinds: "Parse", "ParseDeal", "Deal", "Position",
// "IllegalPlay", "NotFullDeal", "TargetTooHigh", ...; the package's own:
// "Type", "Range", "Cancelled", "Unsupported"), `message` is the solver's
// own text (the one the `dds` command prints), `argument` the argument it
// is about, when it is about one.
export class DdsError extends Error {
  constructor(kind, message, argument) {
    super(message);
    this.name = 'DdsError';
    this.kind = kind;
    if (argument !== undefined) this.argument = argument;
  }
}
