// replay: a play walked on the solver's Board, its tricks with their
// winners, the tricks each side won and the position reached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replay, DdsError } from 'ddsrs';
import { readHands, SEATS } from './helpers.mjs';

// Two tricks: North leads the spade ace, West has no spade.
const ENDING = 'N:A2... K3... Q4... .2..2';

test('a two-trick ending in no trump and in hearts: the winners the laws give', () => {
  const plays = ['SA', 'S3', 'S4', 'H2', 'S2', 'SK', 'SQ', 'C2'];
  // No trump: the ace wins the first trick (West discards); East's king the second.
  const nt = replay(ENDING, 'NT', 'N', plays);
  assert.deepEqual(nt.tricks, [
    { leader: 'N', cards: ['SA', 'S3', 'S4', 'H2'], seats: ['N', 'E', 'S', 'W'], winner: 'N' },
    { leader: 'N', cards: ['S2', 'SK', 'SQ', 'C2'], seats: ['N', 'E', 'S', 'W'], winner: 'E' },
  ]);
  assert.deepEqual(nt.tricksWon, { NS: 1, EW: 1 });
  assert.equal(nt.finished, true);
  assert.equal(nt.toPlay, null);
  assert.equal(nt.tricksLeft, 0);
  assert.deepEqual(nt.legalCards, []);
  assert.deepEqual(nt.plays, plays);
  assert.equal(nt.error, null);
  assert.deepEqual(nt.hands, { N: [], E: [], S: [], W: [] });
  // Hearts: West ruffs the ace and leads the club two, which no one can beat.
  const hearts = replay(ENDING, 'H', 'N', ['SA', 'S3', 'S4', 'H2', 'C2', 'S2', 'SK', 'SQ']);
  assert.deepEqual(hearts.tricks.map((t) => [t.leader, t.winner]), [['N', 'W'], ['W', 'W']]);
  assert.deepEqual(hearts.tricksWon, { NS: 0, EW: 2 });
  // Play goes clockwise from each trick's leader: West, then North, East, South.
  assert.deepEqual(hearts.tricks[1].seats, ['W', 'N', 'E', 'S']);
});

test('the position inside a trick: the seat to play, its legal cards, the cards left', () => {
  const r = replay(ENDING, 'NT', 'N', ['SA', 'S3']);
  assert.deepEqual(r.tricks, []);
  assert.deepEqual(r.current, { leader: 'N', cards: ['SA', 'S3'], seats: ['N', 'E'], winning: 'N' });
  assert.equal(r.toPlay, 'S');
  // South must follow to spades with its four.
  assert.deepEqual(r.legalCards.toSorted(), ['S4', 'SQ']);
  assert.equal(r.tricksLeft, 2);
  assert.equal(r.finished, false);
  assert.deepEqual(r.hands, { N: ['S2'], E: ['SK'], S: ['S4', 'SQ'], W: ['H2', 'C2'] }); // each suit from its lowest card
  assert.equal(r.remaining, 'N:2... K... Q4... .2..2');
  // West, void in spades, may play either card.
  assert.deepEqual(replay(ENDING, 'NT', 'N', ['SA', 'S3', 'S4']).legalCards.toSorted(), ['C2', 'H2']);
  // No card played: the leader to play, nobody winning yet.
  const start = replay(ENDING, 'S', 'W');
  assert.deepEqual([start.toPlay, start.current.winning, start.current.seats, start.plays], ['W', null, [], []]);
});

test('a card that cannot be played ends the replay, with the solver\'s reason', () => {
  // East holds the spade king and three: the heart is not East's.
  const notHeld = replay(ENDING, 'NT', 'N', ['SA', 'H2', 'S4']);
  assert.deepEqual(notHeld.plays, ['SA']);
  assert.ok(notHeld.error instanceof DdsError);
  assert.equal(notHeld.error.kind, 'Position');
  assert.equal(notHeld.error.argument, 'plays[1]');
  assert.equal(notHeld.error.message, 'invalid position: East does not hold H2');
  assert.equal(notHeld.toPlay, 'E');
  // A revoke: East discards while it holds a spade.
  const revoke = replay('N:A2... K.3.. Q4... .2..2', 'NT', 'N', ['SA', 'H3']);
  assert.equal(revoke.error.message, 'invalid position: played card H3 does not follow suit although its player holds the suit led');
  assert.deepEqual(revoke.plays, ['SA']);
  // A card after the last trick.
  const over = replay(ENDING, 'NT', 'N', ['SA', 'S3', 'S4', 'H2', 'S2', 'SK', 'SQ', 'C2', 'SA']);
  assert.equal(over.error.argument, 'plays[8]');
  assert.deepEqual(over.tricksWon, { NS: 1, EW: 1 });
  // Bad arguments throw.
  assert.throws(() => replay(ENDING, 'NT', 'N', ['SA', 'S1']), (e) => e.kind === 'Parse' && e.argument === 'plays[1]');
  assert.throws(() => replay(ENDING, 'X', 'N', []), (e) => e.kind === 'Parse' && e.argument === 'strain');
  assert.throws(() => replay('N:A2... K3... Q4...', 'NT', 'N', []), (e) => e.kind === 'ParseDeal');
});

test('list10\'s plays: every trick of four cards, the first tricks\' winners, and the tricks DDS traced', () => {
  const records = readHands('list10.txt').filter((r) => r.play);
  // The first record's first trick: CT C4 CA CJ in spades, North leading: South's ace wins.
  const first = replay(records[0].deal, records[0].strain, records[0].leader, records[0].play);
  assert.deepEqual(first.tricks[0], { leader: 'N', cards: ['CT', 'C4', 'CA', 'CJ'], seats: ['N', 'E', 'S', 'W'], winner: 'S' });
  // South leads the next: H8, West's H4, North's HK, East's H9: North's king wins.
  assert.deepEqual(first.tricks[1], { leader: 'S', cards: ['H8', 'H4', 'HK', 'H9'], seats: ['S', 'W', 'N', 'E'], winner: 'N' });
  let full = 0;
  for (const [i, r] of records.entries()) {
    const got = replay(r.deal, r.strain, r.leader, r.play);
    assert.equal(got.error, null, `list10 record ${i + 1}`);
    assert.deepEqual(got.plays, r.play);
    assert.equal(got.tricks.length, Math.floor(r.play.length / 4));
    assert.equal(got.current.cards.length, r.play.length % 4);
    assert.ok(got.tricks.every((t) => t.cards.length === 4));
    // Each card is played by the seat after the one before, clockwise from the trick's leader.
    const clockwise = (t) => t.cards.map((_, k) => SEATS[(SEATS.indexOf(t.leader) + k) % 4]);
    for (const t of [...got.tricks, got.current]) assert.deepEqual(t.seats, clockwise(t));
    // Each trick's winner leads the next.
    got.tricks.slice(1).forEach((t, k) => assert.equal(t.leader, got.tricks[k].winner));
    assert.equal(got.tricks[0]?.leader ?? r.leader, r.leader);
    assert.equal(got.tricksWon.NS + got.tricksWon.EW, got.tricks.length);
    if (r.play.length === 52) {
      // Played to the end: DDS's trace ends with the tricks declarer's side took.
      const declarerSide = 'NS'.includes('WNES'['NESW'.indexOf(r.leader)]) ? 'NS' : 'EW';
      assert.equal(got.tricksWon[declarerSide], r.trace.at(-1), `list10 record ${i + 1}`);
      assert.equal(got.finished, true);
      full += 1;
    }
  }
  assert.equal(full, 5);
});
