// The page's keys: what a key pressed outside a form field asks for, a
// step through the play (play.js's step) or another board of the file.
// No DOM here, so Node's tests can import it too.

/**
 * What `key` (a KeyboardEvent's key; `shift` its Shift) asks for:
 * {step} for a step through the play (play.js's step: 'back',
 * 'trick-back', 'forward', 'trick-forward', 'start', 'end'), {board: -1}
 * or {board: 1} for the file's previous or next board, else null.
 */
export function keyAction(key, shift = false) {
  switch (key) {
    case 'ArrowLeft': return { step: shift ? 'trick-back' : 'back' };
    case 'Backspace': return { step: 'back' };
    case 'ArrowUp': return { step: 'trick-back' };
    case 'ArrowRight': return { step: shift ? 'trick-forward' : 'forward' };
    case 'ArrowDown': return { step: 'trick-forward' };
    case 'End': return { step: 'end' };
    case 'Home': return { step: 'start' };
    case '[': return { board: -1 };
    case ']': return { board: 1 };
    default: return null;
  }
}

/** On a card that may be played, the arrows move to the previous (-1) or next (1) card; other keys 0. */
export function cardFocusStep(key) {
  if (key === 'ArrowLeft' || key === 'ArrowUp') return -1;
  return key === 'ArrowRight' || key === 'ArrowDown' ? 1 : 0;
}
