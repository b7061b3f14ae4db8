/*
 * Sixteen POSIX threads call every function of dll.h and of the handle API
 * (ddsrs.h) at once, good inputs and bad ones mixed with SetMaxThreads,
 * SetResources, SetThreading and FreeMemory, for several rounds; every answer
 * must equal the one the same call gave when the program ran the calls one
 * after the other first, and the good ones the known answers of a DDS hand
 * file (FUT, TABLE, PAR, PAR2, PLAY/TRACE lines).
 *
 *   stress HAND-FILE [--threads N] [--rounds K] [--records I,J,...] [--no-batches]
 *   stress --race
 *
 * The calls: for each of the first M records (default 4) SolveBoard and
 * SolveBoardPBN with solutions 3, 1 and 2, CalcDDtable(PBN), CalcPar(PBN),
 * Par, DealerPar(Bin), SidesPar(Bin), ConvertToDealerTextFormat,
 * ConvertToSidesTextFormat, AnalysePlayBin/PBN and the handle functions
 * (dds_solve_board(_pbn), dds_calc_dd_table(_pbn), dds_analyse_play(_pbn),
 * on the thread's own solver and on one made and freed in the call); batches
 * of three records through CalcAllTables(PBN), SolveAllBoards(Bin),
 * SolveAllChunks(Bin, PBN) and AnalyseAllPlays(Bin, PBN); about fifty bad
 * inputs, each of which must give its status code (DDS's where DDS defines
 * it, -1 for a NULL pointer); the configuration calls; GetDDSInfo,
 * ErrorMessage, dds_error_message and dds_version.
 *
 * Phase 1 makes every call once, in order, on the main thread, and keeps a
 * digest of each answer (status code and every output field but the node
 * counts). Phase 2 starts N threads (default 16) together; each makes every
 * call K times (default 2), each thread in its own order, so that the same
 * functions and different ones run at the same time, and compares each
 * digest with phase 1's. The good calls use threadIndex 0, valid whatever
 * thread count the interleaved SetMaxThreads calls leave; the thread index
 * checks use -1 and 1000.
 *
 * --no-batches leaves out CalcAllTables(PBN), SolveAllBoards(Bin),
 * SolveAllChunks*, AnalyseAllPlays* and the good calls of CalcDDtable(PBN)
 * and CalcPar(PBN) (one table's strains), the functions that run on the
 * library's thread pools (cargo xtask tsan --stable: without an instrumented
 * standard library ThreadSanitizer cannot see how rayon's pools hand work
 * back, docs/sanitizers.md).
 *
 * --race makes a data race on purpose (two threads add to one int without a
 * lock) and does nothing else: under ThreadSanitizer it must be reported,
 * which tells cargo xtask tsan that its build of the program sees races.
 *
 * Built against our headers (crates/dds-capi/include): DDS 2.9 itself is not
 * reentrant and has no handle API.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <time.h>

#include <ddsrs.h>

#include "fixture.h"

/* ------------------------------------------------------------------ */
/* Digests: an answer as text                                          */
/* ------------------------------------------------------------------ */

#define DIGEST_LEN 6144

struct digest
{
  char s[DIGEST_LEN];
  size_t n;
};

static void dg(struct digest *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void dg(struct digest *d, const char *fmt, ...)
{
  va_list ap;
  int k;
  if (d->n + 1 >= DIGEST_LEN)
    return;
  va_start(ap, fmt);
  k = vsnprintf(d->s + d->n, DIGEST_LEN - d->n, fmt, ap);
  va_end(ap);
  if (k > 0)
    d->n = d->n + (size_t)k < DIGEST_LEN ? d->n + (size_t)k : DIGEST_LEN - 1;
}

static void dg_fut(struct digest *d, const struct futureTricks *f)
{
  int i;
  dg(d, " fut %d:", f->cards);
  for (i = 0; i < f->cards && i < 13; i++)
    dg(d, " %d/%d/%d/%d", f->suit[i], f->rank[i], f->equals[i], f->score[i]);
  if (f->cards <= 0)
    dg(d, " score0 %d", f->score[0]);
}

static void dg_table(struct digest *d, const struct ddTableResults *t)
{
  int s, h;
  dg(d, " table");
  for (s = 0; s < DDS_STRAINS; s++)
    for (h = 0; h < DDS_HANDS; h++)
      dg(d, " %d", t->resTable[s][h]);
}

static void dg_par(struct digest *d, const struct parResults *p)
{
  dg(d, " par \"%.16s\" \"%.16s\" \"%.128s\" \"%.128s\"", p->parScore[0], p->parScore[1], p->parContractsString[0],
     p->parContractsString[1]);
}

static void dg_dealer(struct digest *d, const struct parResultsDealer *p)
{
  int k;
  dg(d, " dealer %d %d", p->score, p->number);
  for (k = 0; k < p->number && k < 10; k++)
    dg(d, " \"%.10s\"", p->contracts[k]);
}

static void dg_master(struct digest *d, const struct parResultsMaster *p)
{
  int k;
  dg(d, " master %d %d", p->score, p->number);
  for (k = 0; k < p->number && k < 10; k++)
    dg(d, " %d/%d/%d/%d/%d", p->contracts[k].underTricks, p->contracts[k].overTricks, p->contracts[k].level,
       p->contracts[k].denom, p->contracts[k].seats);
}

static void dg_play(struct digest *d, const struct solvedPlay *p)
{
  int i;
  dg(d, " play %d:", p->number);
  for (i = 0; i < p->number && i < 53; i++)
    dg(d, " %d", p->tricks[i]);
}

/* ------------------------------------------------------------------ */
/* Inputs                                                              */
/* ------------------------------------------------------------------ */

static struct fx_record *recs;
static int nrec;
static int chosen[64]; /* the records used (--records), indices of recs */
static int nchosen;

/* The k-th record used (cyclically). */
static const struct fx_record *rec(int k)
{
  return &recs[chosen[((k % nchosen) + nchosen) % nchosen]];
}

/* The lowest (or highest) card of a hand: its suit and rank. */
static void end_card(const unsigned int hand[DDS_SUITS], int highest, int *suit, int *rank)
{
  int s, k;
  for (s = 0; s < DDS_SUITS; s++)
    for (k = highest ? 14 : 2; highest ? k >= 2 : k <= 14; k += highest ? -1 : 1)
      if (hand[s] & (1u << k))
      {
        *suit = s;
        *rank = k;
        return;
      }
  *suit = 0;
  *rank = 2;
}

/* North gives its lowest card to East: 12 and 14 cards. */
static void north_gives_east(unsigned int cards[DDS_HANDS][DDS_SUITS])
{
  int s, k;
  end_card(cards[0], 0, &s, &k);
  cards[0][s] &= ~(1u << k);
  cards[1][s] |= 1u << k;
}

/* North drops its lowest card and holds a copy of East's lowest. */
static void north_duplicates_east(unsigned int cards[DDS_HANDS][DDS_SUITS])
{
  int s, k;
  end_card(cards[0], 0, &s, &k);
  cards[0][s] &= ~(1u << k);
  end_card(cards[1], 0, &s, &k);
  cards[0][s] |= 1u << k;
}

/* The deal with East's lowest card gone, as PBN text ("N:..."). */
static void east_short_pbn(const struct fx_record *r, char out[80])
{
  unsigned int cards[DDS_HANDS][DDS_SUITS];
  int s, k;
  memcpy(cards, r->cards, sizeof(cards));
  end_card(cards[1], 0, &s, &k);
  cards[1][s] &= ~(1u << k);
  fx_bin_to_pbn((const unsigned int(*)[DDS_SUITS])cards, out);
}

/* A card the leader does not hold: the highest of its left-hand opponent. */
static void card_not_held(const struct fx_record *r, int *suit, int *rank)
{
  end_card(r->cards[(r->first + 1) % 4], 1, suit, rank);
}

/* FUT for solutions 3 (all of it), 2 (the best cards) or 1 (the first). */
static int fut_ok(const struct fx_record *r, int solutions, const struct futureTricks *f, char *why, size_t len)
{
  if (solutions == 3)
    return fx_fut_equal(r, f, why, len);
  return fx_fut_prefix_equal(r, solutions == 2 ? fx_optimal_count(r) : 1, f, why, len);
}

static int trace_ok(const struct fx_record *r, const struct solvedPlay *s)
{
  return s->number == r->trace_n && memcmp(s->tricks, r->trace, sizeof(int) * (size_t)r->trace_n) == 0;
}

static int table_ok(const struct fx_record *r, const struct ddTableResults *t, int strains_mask)
{
  int s, h;
  for (s = 0; s < DDS_STRAINS; s++)
    for (h = 0; h < DDS_HANDS; h++)
      if ((strains_mask & (1 << s)) && t->resTable[s][h] != r->table[s][h])
        return 0;
  return 1;
}

static int par_ok(const struct fx_record *r, const struct parResults *p)
{
  return strcmp(p->parScore[0], r->par_score[0]) == 0 && strcmp(p->parScore[1], r->par_score[1]) == 0 &&
         strcmp(p->parContractsString[0], r->par_contracts[0]) == 0 &&
         strcmp(p->parContractsString[1], r->par_contracts[1]) == 0;
}

/* ------------------------------------------------------------------ */
/* The calls                                                           */
/* ------------------------------------------------------------------ */

enum kind
{
  K_SOLVE,
  K_SOLVE_BAD,
  K_TABLE,
  K_TABLE_BAD,
  K_ALL_TABLES,
  K_ALL_TABLES_BAD,
  K_SOLVE_ALL,
  K_SOLVE_ALL_BAD,
  K_PAR,
  K_CALC_PAR,
  K_PAR_BAD,
  K_PLAY,
  K_PLAY_BAD,
  K_ALL_PLAYS,
  K_ALL_PLAYS_BAD,
  K_CONFIG,
  K_INFO,
  K_HANDLE,
  K_HANDLE_BAD,
};

/* Variants of each kind (the bad kinds: one per bad input). */
static const int variants[] = {
    [K_SOLVE] = 4,     [K_SOLVE_BAD] = 22, [K_TABLE] = 2,      [K_TABLE_BAD] = 5,     [K_ALL_TABLES] = 3,
    [K_ALL_TABLES_BAD] = 6, [K_SOLVE_ALL] = 5, [K_SOLVE_ALL_BAD] = 6, [K_PAR] = 1,   [K_CALC_PAR] = 2,
    [K_PAR_BAD] = 6,   [K_PLAY] = 2,       [K_PLAY_BAD] = 6,   [K_ALL_PLAYS] = 2,     [K_ALL_PLAYS_BAD] = 4,
    [K_CONFIG] = 8,    [K_INFO] = 1,       [K_HANDLE] = 3,     [K_HANDLE_BAD] = 6,
};

static const char *const kind_names[] = {
    [K_SOLVE] = "SolveBoard",
    [K_SOLVE_BAD] = "SolveBoard (bad)",
    [K_TABLE] = "CalcDDtable",
    [K_TABLE_BAD] = "CalcDDtable (bad)",
    [K_ALL_TABLES] = "CalcAllTables",
    [K_ALL_TABLES_BAD] = "CalcAllTables (bad)",
    [K_SOLVE_ALL] = "SolveAllBoards",
    [K_SOLVE_ALL_BAD] = "SolveAllBoards (bad)",
    [K_PAR] = "Par, DealerPar, SidesPar, Convert",
    [K_CALC_PAR] = "CalcPar",
    [K_PAR_BAD] = "Par (bad)",
    [K_PLAY] = "AnalysePlay",
    [K_PLAY_BAD] = "AnalysePlay (bad)",
    [K_ALL_PLAYS] = "AnalyseAllPlays",
    [K_ALL_PLAYS_BAD] = "AnalyseAllPlays (bad)",
    [K_CONFIG] = "SetMaxThreads, SetResources, SetThreading, FreeMemory",
    [K_INFO] = "GetDDSInfo, ErrorMessage, dds_error_message, dds_version",
    [K_HANDLE] = "dds_solver_*",
    [K_HANDLE_BAD] = "dds_solver_* (bad)",
};

#define NKINDS ((int)(sizeof(variants) / sizeof(variants[0])))

struct call
{
  int kind, rec, variant;
};

/* What a thread needs for its calls: its own solver (handle API) and room
   for the batch structures (too large for a thread's stack). */
struct ctx
{
  int id; /* -1: the sequential phase */
  dds_solver *solver;
  struct boards bo;
  struct boardsPBN bop;
  struct solvedBoards solved;
  struct ddTableDeals tdeals;
  struct ddTableDealsPBN tdealsPBN;
  struct ddTablesRes tres;
  struct allParResults pres;
  struct playTracesBin plBin;
  struct playTracesPBN plPBN;
  struct solvedPlays splays;
};

/* A check in a call: says which thread, which call. */
#define EXPECT(cond, fmt, ...)                                                                                    \
  CHECK(cond, "[thread %d] %s variant %d, line %d: " fmt, x->id, kind_names[c->kind], c->variant, r->line, \
        ##__VA_ARGS__)
#define EXPECT_RC(got, want) EXPECT((got) == (want), "returned %d, expected %d (%s)", (got), (want), #want)

/* Boards r, r+1, r+2 as a batch: target -1, mode 1, solutions 3 or 1, 2, 3. */
static void fill_boards(struct ctx *x, int first, int n, int cycle)
{
  int i;
  memset(&x->bo, 0, sizeof(x->bo));
  memset(&x->bop, 0, sizeof(x->bop));
  x->bo.noOfBoards = x->bop.noOfBoards = n;
  for (i = 0; i < n; i++)
  {
    const struct fx_record *r = rec(first + i);
    x->bo.deals[i] = fx_deal_bin(r);
    x->bop.deals[i] = fx_deal_pbn(r);
    x->bo.target[i] = x->bop.target[i] = -1;
    x->bo.solutions[i] = x->bop.solutions[i] = cycle ? 1 + i % 3 : 3;
    x->bo.mode[i] = x->bop.mode[i] = 1;
  }
  memset(&x->solved, 0, sizeof(x->solved));
}

static void fill_plays(struct ctx *x, int first, int n)
{
  int i;
  fill_boards(x, first, n, 0);
  memset(&x->plBin, 0, sizeof(x->plBin));
  memset(&x->plPBN, 0, sizeof(x->plPBN));
  x->plBin.noOfBoards = x->plPBN.noOfBoards = n;
  for (i = 0; i < n; i++)
  {
    x->plBin.plays[i] = fx_play_bin(rec(first + i));
    x->plPBN.plays[i] = fx_play_pbn(rec(first + i));
  }
  memset(&x->splays, 0, sizeof(x->splays));
}

static void do_solve(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  static const int solutions[4] = {3, 3, 1, 2}, modes[4] = {1, 1, 0, 2};
  struct futureTricks fut;
  char why[256] = "";
  int sol = solutions[c->variant], rc;
  memset(&fut, 0, sizeof(fut));
  if (c->variant % 2 == 0)
    rc = SolveBoard(fx_deal_bin(r), -1, sol, modes[c->variant], &fut, 0);
  else
    rc = SolveBoardPBN(fx_deal_pbn(r), -1, sol, modes[c->variant], &fut, 0);
  EXPECT(rc == RETURN_NO_FAULT && fut_ok(r, sol, &fut, why, sizeof(why)), "rc %d, solutions %d: %s", rc, sol, why);
  dg(d, "rc %d", rc);
  dg_fut(d, &fut);
}

static void do_solve_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct deal dl = fx_deal_bin(r);
  struct dealPBN dp = fx_deal_pbn(r);
  struct futureTricks fut, *out = &fut;
  int target = -1, solutions = 1, mode = 1, thread = 0, pbn = 0, want, rc, s, k;
  char text[80];
  switch (c->variant)
  {
  case 0: target = -2, want = RETURN_TARGET_WRONG_LO; break;
  case 1: target = 14, want = RETURN_TARGET_WRONG_HI; break;
  case 2: solutions = 0, want = RETURN_SOLNS_WRONG_LO; break;
  case 3: solutions = 4, want = RETURN_SOLNS_WRONG_HI; break;
  case 4: mode = -1, want = RETURN_MODE_WRONG_LO; break;
  case 5: mode = 3, want = RETURN_MODE_WRONG_HI; break;
  case 6: dl.trump = 5, want = RETURN_TRUMP_WRONG; break;
  case 7: dl.first = 4, want = RETURN_FIRST_WRONG; break;
  case 8: dl.currentTrickRank[0] = 15, want = RETURN_SUIT_OR_RANK; break;
  case 9: dl.remainCards[0][0] |= 0x8000, want = RETURN_SUIT_OR_RANK; break;
  case 10: memset(dl.remainCards, 0, sizeof(dl.remainCards)), want = RETURN_ZERO_CARDS; break;
  case 11:
    for (s = 0; s < 4; s++)
      dl.remainCards[0][s] = 0x7ffc;
    want = RETURN_TOO_MANY_CARDS;
    break;
  case 12: north_gives_east(dl.remainCards), want = RETURN_CARD_COUNT; break;
  case 13: north_duplicates_east(dl.remainCards), want = RETURN_DUPLICATE_CARDS; break;
  case 14: /* North led its highest card and still holds it (and 12 cards) */
    end_card(dl.remainCards[0], 1, &s, &k);
    dl.first = 0;
    dl.currentTrickSuit[0] = s;
    dl.currentTrickRank[0] = k;
    end_card(dl.remainCards[0], 0, &s, &k);
    dl.remainCards[0][s] &= ~(1u << k);
    want = RETURN_PLAYED_CARD;
    break;
  case 15: /* two tricks left, target 3 */
    memset(&dl, 0, sizeof(dl));
    dl.trump = 4;
    dl.currentTrickSuit[0] = 0;
    dl.currentTrickRank[0] = 14;
    dl.remainCards[0][1] = 1u << 2;
    dl.remainCards[1][0] = 1u << 2;
    dl.remainCards[1][1] = 1u << 3;
    dl.remainCards[2][0] = 1u << 3;
    dl.remainCards[2][1] = 1u << 4;
    dl.remainCards[3][0] = 1u << 4;
    dl.remainCards[3][1] = 1u << 5;
    target = 3, want = RETURN_TARGET_TOO_HIGH;
    break;
  case 16: thread = -1, want = RETURN_THREAD_INDEX; break;
  case 17: thread = 1000, pbn = 1, want = RETURN_THREAD_INDEX; break;
  case 18: out = NULL, want = RETURN_UNKNOWN_FAULT; break;
  case 19: strcpy(dp.remainCards, "xyz"), pbn = 1, want = RETURN_PBN_FAULT; break;
  case 20: /* East holds 12 cards; North, on lead, 13 and a card to come */
    east_short_pbn(r, text);
    strcpy(dp.remainCards, text);
    dp.first = 0;
    pbn = 1, want = RETURN_CARD_COUNT;
    break;
  default: /* a fifth hand */
    if (strlen(dp.remainCards) + 4 < sizeof(dp.remainCards))
      strcat(dp.remainCards, " A..");
    pbn = 1, want = RETURN_PBN_FAULT;
    break;
  }
  memset(&fut, 0, sizeof(fut));
  if (pbn)
    rc = SolveBoardPBN(dp, target, solutions, mode, out, thread);
  else
    rc = SolveBoard(dl, target, solutions, mode, out, thread);
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

static void do_table(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct ddTableResults t;
  int rc;
  memset(&t, 0, sizeof(t));
  rc = c->variant ? CalcDDtablePBN(fx_table_deal_pbn(r->pbn), &t) : CalcDDtable(fx_table_deal_bin(r), &t);
  EXPECT(rc == RETURN_NO_FAULT && table_ok(r, &t, 31), "rc %d, or the table differs from TABLE", rc);
  dg(d, "rc %d", rc);
  dg_table(d, &t);
}

static void do_table_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct ddTableResults t;
  struct ddTableDeal td = fx_table_deal_bin(r);
  char text[80];
  int rc, want;
  memset(&t, 0, sizeof(t));
  switch (c->variant)
  {
  case 0: rc = CalcDDtablePBN(fx_table_deal_pbn("xyz"), &t), want = RETURN_PBN_FAULT; break;
  case 1:
    east_short_pbn(r, text);
    rc = CalcDDtablePBN(fx_table_deal_pbn(text), &t), want = RETURN_CARD_COUNT;
    break;
  case 2:
    north_duplicates_east(td.cards);
    rc = CalcDDtable(td, &t), want = RETURN_DUPLICATE_CARDS;
    break;
  case 3: rc = CalcDDtable(td, NULL), want = RETURN_UNKNOWN_FAULT; break;
  default: rc = CalcDDtablePBN(fx_table_deal_pbn(r->pbn), NULL), want = RETURN_UNKNOWN_FAULT; break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

static void do_all_tables(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int filter_all[5] = {0, 0, 0, 0, 0}, filter_s_nt[5] = {0, 1, 1, 1, 0};
  int rc, i, n = 0, mask = 31;
  memset(&x->tres, 0, sizeof(x->tres));
  memset(&x->pres, 0, sizeof(x->pres));
  memset(&x->tdeals, 0, sizeof(x->tdeals));
  memset(&x->tdealsPBN, 0, sizeof(x->tdealsPBN));
  switch (c->variant)
  {
  case 0: /* three deals, every strain, no par */
    n = 3;
    for (i = 0; i < n; i++)
      strcpy(x->tdealsPBN.deals[i].cards, rec(c->rec + i)->pbn);
    x->tdealsPBN.noOfTables = n;
    rc = CalcAllTablesPBN(&x->tdealsPBN, -1, filter_all, &x->tres, &x->pres);
    break;
  case 1: /* one deal with its par */
    n = 1;
    x->tdeals.deals[0] = fx_table_deal_bin(r);
    x->tdeals.noOfTables = n;
    rc = CalcAllTables(&x->tdeals, r->vul, filter_all, &x->tres, &x->pres);
    EXPECT(rc != RETURN_NO_FAULT || par_ok(r, &x->pres.presults[0]), "par \"%.16s\" \"%.128s\", expected PAR",
           x->pres.presults[0].parScore[0], x->pres.presults[0].parContractsString[0]);
    dg_par(d, &x->pres.presults[0]);
    break;
  default: /* two deals, spades and notrump (no par: presp NULL is fine) */
    n = 2;
    mask = 1 | 16;
    for (i = 0; i < n; i++)
      x->tdeals.deals[i] = fx_table_deal_bin(rec(c->rec + i));
    x->tdeals.noOfTables = n;
    rc = CalcAllTables(&x->tdeals, 0, filter_s_nt, &x->tres, NULL);
    break;
  }
  EXPECT_RC(rc, RETURN_NO_FAULT);
  EXPECT(x->tres.noOfBoards == 4 * (mask == 31 ? 5 : 2) * n, "noOfBoards %d", x->tres.noOfBoards);
  for (i = 0; i < n; i++)
    EXPECT(rc != RETURN_NO_FAULT || table_ok(rec(c->rec + i), &x->tres.results[i], mask),
           "table %d differs from TABLE", i);
  dg(d, "rc %d boards %d", rc, x->tres.noOfBoards);
  for (i = 0; i < n; i++)
    dg_table(d, &x->tres.results[i]);
}

static void do_all_tables_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int filter_none[5] = {1, 1, 1, 1, 1}, filter_all[5] = {0, 0, 0, 0, 0};
  int rc, want, i;
  memset(&x->tdeals, 0, sizeof(x->tdeals));
  memset(&x->tdealsPBN, 0, sizeof(x->tdealsPBN));
  x->tdeals.noOfTables = x->tdealsPBN.noOfTables = 2;
  for (i = 0; i < 41; i++)
  {
    x->tdeals.deals[i] = fx_table_deal_bin(rec(c->rec + i));
    strcpy(x->tdealsPBN.deals[i].cards, rec(c->rec + i)->pbn);
  }
  switch (c->variant)
  {
  case 0: rc = CalcAllTables(&x->tdeals, -1, filter_none, &x->tres, &x->pres), want = RETURN_NO_SUIT; break;
  case 1:
    x->tdealsPBN.noOfTables = 41;
    rc = CalcAllTablesPBN(&x->tdealsPBN, -1, filter_all, &x->tres, &x->pres), want = RETURN_TOO_MANY_TABLES;
    break;
  case 2:
    strcpy(x->tdealsPBN.deals[1].cards, "xyz");
    rc = CalcAllTablesPBN(&x->tdealsPBN, -1, filter_all, &x->tres, &x->pres), want = RETURN_PBN_FAULT;
    break;
  case 3:
    north_duplicates_east(x->tdeals.deals[1].cards);
    rc = CalcAllTables(&x->tdeals, -1, filter_all, &x->tres, &x->pres), want = RETURN_DUPLICATE_CARDS;
    break;
  case 4: rc = CalcAllTables(&x->tdeals, -1, NULL, &x->tres, &x->pres), want = RETURN_UNKNOWN_FAULT; break;
  default: rc = CalcAllTablesPBN(&x->tdealsPBN, 0, filter_all, &x->tres, NULL), want = RETURN_UNKNOWN_FAULT; break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

static void do_solve_all(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int cycle = c->variant == 1 || c->variant == 4, n = 3, rc, i;
  char why[256] = "";
  fill_boards(x, c->rec, n, cycle);
  switch (c->variant)
  {
  case 0: rc = SolveAllBoards(&x->bop, &x->solved); break;
  case 1: rc = SolveAllChunksBin(&x->bo, &x->solved, 2); break;
  case 2: rc = SolveAllChunks(&x->bop, &x->solved, 3); break;
  case 3: rc = SolveAllChunksPBN(&x->bop, &x->solved, 1); break;
  default: rc = SolveAllBoardsBin(&x->bo, &x->solved); break;
  }
  EXPECT_RC(rc, RETURN_NO_FAULT);
  EXPECT(x->solved.noOfBoards == n, "noOfBoards %d", x->solved.noOfBoards);
  for (i = 0; i < n; i++)
    EXPECT(fut_ok(rec(c->rec + i), x->bo.solutions[i], &x->solved.solvedBoard[i], why, sizeof(why)), "board %d: %s",
           i, why);
  dg(d, "rc %d boards %d", rc, x->solved.noOfBoards);
  for (i = 0; i < n; i++)
    dg_fut(d, &x->solved.solvedBoard[i]);
}

static void do_solve_all_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int rc, want, i;
  char why[256] = "";
  fill_boards(x, c->rec, 3, 0);
  switch (c->variant)
  {
  case 0: rc = SolveAllChunks(&x->bop, &x->solved, 0), want = RETURN_CHUNK_SIZE; break;
  case 1:
    x->bop.noOfBoards = MAXNOOFBOARDS + 1;
    rc = SolveAllBoards(&x->bop, &x->solved), want = RETURN_TOO_MANY_BOARDS;
    break;
  case 2: /* the other boards are solved and written */
    x->bo.target[1] = 14;
    rc = SolveAllBoardsBin(&x->bo, &x->solved), want = RETURN_TARGET_WRONG_HI;
    for (i = 0; i < 3; i += 2)
      EXPECT(fx_fut_equal(rec(c->rec + i), &x->solved.solvedBoard[i], why, sizeof(why)), "board %d: %s", i, why);
    EXPECT(x->solved.solvedBoard[1].cards == 0, "board 1 (target 14): cards %d", x->solved.solvedBoard[1].cards);
    break;
  case 3:
    strcpy(x->bop.deals[1].remainCards, "xyz");
    rc = SolveAllChunksPBN(&x->bop, &x->solved, 1), want = RETURN_PBN_FAULT;
    break;
  case 4: rc = SolveAllChunksBin(&x->bo, &x->solved, -5), want = RETURN_CHUNK_SIZE; break;
  default: rc = SolveAllBoards(NULL, &x->solved), want = RETURN_UNKNOWN_FAULT; break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d boards %d", rc, x->solved.noOfBoards);
  for (i = 0; i < 3; i++)
    dg_fut(d, &x->solved.solvedBoard[i]);
}

static void do_par(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct ddTableResults t = fx_results_table(r);
  struct parResults p;
  struct parResultsDealer pd, sides[2];
  struct parResultsMaster pm, sm[2];
  struct parTextResults ptext;
  char text[256];
  int rc, k;

  memset(&p, 0, sizeof(p));
  rc = Par(&t, &p, r->vul);
  EXPECT(rc == RETURN_NO_FAULT && par_ok(r, &p), "Par: rc %d \"%.16s\" \"%.128s\", expected PAR", rc, p.parScore[0],
         p.parContractsString[0]);
  dg(d, "Par %d", rc);
  dg_par(d, &p);

  memset(&pd, 0, sizeof(pd));
  rc = DealerPar(&t, &pd, r->dealer, r->vul);
  EXPECT(rc == RETURN_NO_FAULT && pd.score == r->par2_score && pd.number == r->par2_n,
         "DealerPar: rc %d score %d number %d, expected PAR2", rc, pd.score, pd.number);
  for (k = 0; k < r->par2_n && k < pd.number && k < 10; k++)
    EXPECT(strcmp(pd.contracts[k], r->par2_contracts[k]) == 0, "DealerPar contracts[%d] \"%.10s\", expected \"%s\"", k,
           pd.contracts[k], r->par2_contracts[k]);
  dg(d, " DealerPar %d", rc);
  dg_dealer(d, &pd);

  memset(&pm, 0, sizeof(pm));
  rc = DealerParBin(&t, &pm, r->dealer, r->vul);
  EXPECT(rc == RETURN_NO_FAULT && pm.score == r->par2_score && pm.number == r->par2_n,
         "DealerParBin: rc %d score %d number %d, expected PAR2", rc, pm.score, pm.number);
  dg(d, " DealerParBin %d", rc);
  dg_master(d, &pm);

  memset(text, 0, sizeof(text));
  rc = ConvertToDealerTextFormat(&pm, text);
  EXPECT_RC(rc, RETURN_NO_FAULT);
  dg(d, " ConvertToDealerTextFormat %d \"%.200s\"", rc, text);

  memset(sides, 0, sizeof(sides));
  rc = SidesPar(&t, sides, r->vul);
  EXPECT(rc == RETURN_NO_FAULT && sides[0].score == atoi(r->par_score[0] + 3) &&
             sides[1].score == atoi(r->par_score[1] + 3),
         "SidesPar: rc %d scores %d %d, expected PAR", rc, sides[0].score, sides[1].score);
  dg(d, " SidesPar %d", rc);
  dg_dealer(d, &sides[0]);
  dg_dealer(d, &sides[1]);

  memset(sm, 0, sizeof(sm));
  rc = SidesParBin(&t, sm, r->vul);
  EXPECT(rc == RETURN_NO_FAULT && sm[0].score == sides[0].score && sm[1].score == sides[1].score,
         "SidesParBin: rc %d scores %d %d, expected PAR", rc, sm[0].score, sm[1].score);
  dg(d, " SidesParBin %d", rc);
  dg_master(d, &sm[0]);
  dg_master(d, &sm[1]);

  memset(&ptext, 0, sizeof(ptext));
  rc = ConvertToSidesTextFormat(sm, &ptext);
  EXPECT_RC(rc, RETURN_NO_FAULT);
  dg(d, " ConvertToSidesTextFormat %d \"%.128s\" \"%.128s\" %d", rc, ptext.parText[0], ptext.parText[1],
     (int)ptext.equal);
}

static void do_calc_par(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct ddTableResults t;
  struct parResults p;
  int rc;
  memset(&t, 0, sizeof(t));
  memset(&p, 0, sizeof(p));
  if (c->variant)
    rc = CalcParPBN(fx_table_deal_pbn(r->pbn), &t, r->vul, &p);
  else
    rc = CalcPar(fx_table_deal_bin(r), r->vul, &t, &p);
  EXPECT(rc == RETURN_NO_FAULT && table_ok(r, &t, 31) && par_ok(r, &p), "rc %d, or TABLE or PAR differs", rc);
  dg(d, "rc %d", rc);
  dg_table(d, &t);
  dg_par(d, &p);
}

static void do_par_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct ddTableResults t = fx_results_table(r);
  struct parResults p;
  struct parResultsDealer pd;
  struct parResultsMaster pm, sm[2];
  char text[256];
  int rc, want = RETURN_UNKNOWN_FAULT;
  switch (c->variant)
  {
  case 0: rc = Par(&t, &p, 4); break;              /* vulnerability 4 */
  case 1: rc = DealerPar(&t, &pd, 4, r->vul); break; /* dealer 4 */
  case 2:
    t.resTable[2][1] = 14; /* 14 tricks */
    rc = SidesParBin(&t, sm, r->vul);
    break;
  case 3: rc = CalcParPBN(fx_table_deal_pbn("xyz"), &t, r->vul, &p), want = RETURN_PBN_FAULT; break;
  case 4: rc = DealerParBin(&t, NULL, r->dealer, r->vul); break;
  default: /* a contract of seat 9 */
    memset(&pm, 0, sizeof(pm));
    pm.score = 100;
    pm.number = 1;
    pm.contracts[0].level = 1;
    pm.contracts[0].seats = 9;
    rc = ConvertToDealerTextFormat(&pm, text);
    break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

static void do_play(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct solvedPlay sp;
  int rc;
  memset(&sp, 0, sizeof(sp));
  if (c->variant)
    rc = AnalysePlayPBN(fx_deal_pbn(r), fx_play_pbn(r), &sp, 0);
  else
    rc = AnalysePlayBin(fx_deal_bin(r), fx_play_bin(r), &sp, 0);
  EXPECT(rc == RETURN_NO_FAULT && trace_ok(r, &sp), "rc %d number %d, or the values differ from TRACE", rc,
         sp.number);
  dg(d, "rc %d", rc);
  dg_play(d, &sp);
}

static void do_play_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct solvedPlay sp;
  struct playTraceBin pb = fx_play_bin(r);
  struct playTracePBN pp = fx_play_pbn(r);
  struct deal dl = fx_deal_bin(r);
  int rc, want = RETURN_PLAY_FAULT, s, k;
  memset(&sp, 0, sizeof(sp));
  switch (c->variant)
  {
  case 0:
    card_not_held(r, &s, &k);
    pb.suit[0] = s;
    pb.rank[0] = k;
    rc = AnalysePlayBin(dl, pb, &sp, 0);
    break;
  case 1: pp.number = 53, rc = AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0); break;
  case 2: pp.cards[2] = 'X', rc = AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0); break;
  case 3: rc = AnalysePlayBin(dl, pb, &sp, -1), want = RETURN_THREAD_INDEX; break;
  case 4: dl.trump = 7, rc = AnalysePlayBin(dl, pb, &sp, 0), want = RETURN_TRUMP_WRONG; break;
  default: rc = AnalysePlayPBN(fx_deal_pbn(r), pp, NULL, 0), want = RETURN_UNKNOWN_FAULT; break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

static void do_all_plays(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int rc, i, n = 3;
  fill_plays(x, c->rec, n);
  if (c->variant)
    rc = AnalyseAllPlaysPBN(&x->bop, &x->plPBN, &x->splays, 0);
  else
    rc = AnalyseAllPlaysBin(&x->bo, &x->plBin, &x->splays, 1);
  EXPECT_RC(rc, RETURN_NO_FAULT);
  EXPECT(x->splays.noOfBoards == n, "noOfBoards %d", x->splays.noOfBoards);
  for (i = 0; i < n; i++)
    EXPECT(trace_ok(rec(c->rec + i), &x->splays.solved[i]), "board %d differs from TRACE", i);
  dg(d, "rc %d boards %d", rc, x->splays.noOfBoards);
  for (i = 0; i < n; i++)
    dg_play(d, &x->splays.solved[i]);
}

static void do_all_plays_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  int rc, want, i, s, k;
  fill_plays(x, c->rec, 3);
  switch (c->variant)
  {
  case 0:
    x->bo.noOfBoards = x->plBin.noOfBoards = MAXNOOFBOARDS + 1;
    rc = AnalyseAllPlaysBin(&x->bo, &x->plBin, &x->splays, 1), want = RETURN_TOO_MANY_BOARDS;
    break;
  case 1:
    x->plBin.noOfBoards = 2;
    rc = AnalyseAllPlaysBin(&x->bo, &x->plBin, &x->splays, 1), want = RETURN_UNKNOWN_FAULT;
    break;
  case 2: /* a card not held in the second trace: the others are analysed */
    card_not_held(rec(c->rec + 1), &s, &k);
    x->plBin.plays[1].suit[0] = s;
    x->plBin.plays[1].rank[0] = k;
    rc = AnalyseAllPlaysBin(&x->bo, &x->plBin, &x->splays, 1), want = RETURN_PLAY_FAULT;
    for (i = 0; i < 3; i += 2)
      EXPECT(trace_ok(rec(c->rec + i), &x->splays.solved[i]), "board %d differs from TRACE", i);
    break;
  default:
    strcpy(x->bop.deals[2].remainCards, "xyz");
    rc = AnalyseAllPlaysPBN(&x->bop, &x->plPBN, &x->splays, 1), want = RETURN_PBN_FAULT;
    break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d boards %d", rc, x->splays.noOfBoards);
  for (i = 0; i < 3; i++)
    dg_play(d, &x->splays.solved[i]);
}

static void do_config(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(0);
  struct DDSInfo info;
  int rc;
  switch (c->variant)
  {
  case 0: SetMaxThreads(0), dg(d, "SetMaxThreads(0)"); break;
  case 1: SetMaxThreads(1), dg(d, "SetMaxThreads(1)"); break;
  case 2: SetMaxThreads(16), dg(d, "SetMaxThreads(16)"); break;
  case 3: SetMaxThreads(-3), dg(d, "SetMaxThreads(-3)"); break;
  case 4: SetResources(64, 2), dg(d, "SetResources(64, 2)"); break;
  case 5: SetResources(0, 0), dg(d, "SetResources(0, 0)"); break;
  case 6: FreeMemory(), dg(d, "FreeMemory()"); break;
  default:
    rc = SetThreading(0);
    EXPECT_RC(rc, RETURN_NO_FAULT);
    dg(d, "SetThreading(0) %d", rc);
    rc = SetThreading(5);
    EXPECT_RC(rc, RETURN_NO_FAULT);
    dg(d, " SetThreading(5) %d", rc);
    rc = SetThreading(1);
    EXPECT_RC(rc, RETURN_THREAD_MISSING);
    dg(d, " SetThreading(1) %d", rc);
    rc = SetThreading(99);
    EXPECT_RC(rc, RETURN_THREAD_MISSING);
    dg(d, " SetThreading(99) %d", rc);
    break;
  }
  /* Whatever the other threads set meanwhile: between 1 and the cores. */
  memset(&info, 0, sizeof(info));
  GetDDSInfo(&info);
  EXPECT(info.noOfThreads >= 1 && info.noOfThreads <= info.numCores && info.noOfThreads <= 16,
         "GetDDSInfo: noOfThreads %d, %d cores", info.noOfThreads, info.numCores);
}

static void do_info(struct ctx *x, const struct call *c, struct digest *d)
{
  static const int codes[] = {1,   -1,  -2,  -3,  -4,   -5,   -7,   -8,   -9,   -10,  -12,  -13,  -14, -15, -16,
                              -17, -18, -19, -98, -99, -101, -102, -103, -104, -201, -202, -301, 0,   2,   12345};
  const struct fx_record *r = rec(0);
  struct DDSInfo info;
  char line[80], first[1024];
  size_t i;
  memset(&info, 0, sizeof(info));
  GetDDSInfo(&info);
  EXPECT(info.major == 2 && info.minor == 9 && info.patch == 0 && strcmp(info.versionString, "2.9.0") == 0,
         "GetDDSInfo: version %d.%d.%d \"%.10s\"", info.major, info.minor, info.patch, info.versionString);
  /* The fields no other call changes (noOfThreads, threadSizes and the
     systemString's thread line follow SetMaxThreads and SetResources). */
  snprintf(first, sizeof(first), "%.1023s", info.systemString);
  first[strcspn(first, "\n")] = '\0';
  dg(d, "GetDDSInfo %d.%d.%d \"%.10s\" system %d bits %d compiler %d constructor %d cores %d threading %d \"%s\"",
     info.major, info.minor, info.patch, info.versionString, info.system, info.numBits, info.compiler,
     info.constructor, info.numCores, info.threading, first);
  for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
  {
    memset(line, 'x', sizeof(line));
    ErrorMessage(codes[i], line);
    EXPECT(memchr(line, '\0', sizeof(line)) && strcmp(line, dds_error_message(codes[i])) == 0,
           "ErrorMessage(%d) \"%.80s\" and dds_error_message \"%s\" differ", codes[i], line,
           dds_error_message(codes[i]));
    dg(d, " [%d] %.80s", codes[i], line);
  }
  EXPECT(strcmp(dds_error_message(RETURN_PBN_FAULT), TEXT_PBN_FAULT) == 0, "dds_error_message(-99)");
  dg(d, " version %s", dds_version());
}

static void do_handle(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct deal dl = fx_deal_bin(r);
  struct dealPBN dp = fx_deal_pbn(r);
  struct ddTableDeal td = fx_table_deal_bin(r);
  struct ddTableDealPBN tp = fx_table_deal_pbn(r->pbn);
  struct playTraceBin pb = fx_play_bin(r);
  struct playTracePBN pp = fx_play_pbn(r);
  struct futureTricks fut;
  struct ddTableResults t;
  struct solvedPlay sp;
  char why[256] = "";
  int rc;
  dds_solver *s = x->solver;
  memset(&fut, 0, sizeof(fut));
  memset(&t, 0, sizeof(t));
  memset(&sp, 0, sizeof(sp));
  switch (c->variant)
  {
  case 0: /* the thread's own solver */
    rc = dds_solve_board(s, &dl, -1, 3, 1, &fut);
    EXPECT(rc == RETURN_NO_FAULT && fx_fut_equal(r, &fut, why, sizeof(why)), "dds_solve_board: rc %d %s", rc, why);
    dg(d, "dds_solve_board %d", rc);
    dg_fut(d, &fut);
    rc = dds_calc_dd_table_pbn(s, &tp, &t);
    EXPECT(rc == RETURN_NO_FAULT && table_ok(r, &t, 31), "dds_calc_dd_table_pbn: rc %d", rc);
    dg(d, " dds_calc_dd_table_pbn %d", rc);
    dg_table(d, &t);
    break;
  case 1:
    rc = dds_solve_board_pbn(s, &dp, -1, 3, 1, &fut);
    EXPECT(rc == RETURN_NO_FAULT && fx_fut_equal(r, &fut, why, sizeof(why)), "dds_solve_board_pbn: rc %d %s", rc,
           why);
    dg(d, "dds_solve_board_pbn %d", rc);
    dg_fut(d, &fut);
    rc = dds_analyse_play(s, &dl, &pb, &sp);
    EXPECT(rc == RETURN_NO_FAULT && trace_ok(r, &sp), "dds_analyse_play: rc %d number %d", rc, sp.number);
    dg(d, " dds_analyse_play %d", rc);
    dg_play(d, &sp);
    break;
  default: /* a solver made and freed in the call, with a small table */
    s = dds_solver_new(4u << 20);
    EXPECT(s != NULL, "dds_solver_new(4 MiB) gave NULL");
    rc = dds_calc_dd_table(s, &td, &t);
    EXPECT(rc == RETURN_NO_FAULT && table_ok(r, &t, 31), "dds_calc_dd_table: rc %d", rc);
    dg(d, "dds_calc_dd_table %d", rc);
    dg_table(d, &t);
    rc = dds_analyse_play_pbn(s, &dp, &pp, &sp);
    EXPECT(rc == RETURN_NO_FAULT && trace_ok(r, &sp), "dds_analyse_play_pbn: rc %d number %d", rc, sp.number);
    dg(d, " dds_analyse_play_pbn %d", rc);
    dg_play(d, &sp);
    dds_solver_free(s);
    break;
  }
}

static void do_handle_bad(struct ctx *x, const struct call *c, struct digest *d)
{
  const struct fx_record *r = rec(c->rec);
  struct deal dl = fx_deal_bin(r);
  struct dealPBN dp = fx_deal_pbn(r);
  struct ddTableDealPBN tp = fx_table_deal_pbn(r->pbn);
  struct playTraceBin pb = fx_play_bin(r);
  struct futureTricks fut;
  struct solvedPlay sp;
  int rc, want = RETURN_UNKNOWN_FAULT, s, k;
  switch (c->variant)
  {
  case 0: rc = dds_solve_board(NULL, &dl, -1, 3, 1, &fut); break;
  case 1: rc = dds_calc_dd_table_pbn(x->solver, &tp, NULL); break;
  case 2: rc = dds_analyse_play(x->solver, NULL, &pb, &sp); break;
  case 3:
    strcpy(dp.remainCards, "xyz");
    rc = dds_solve_board_pbn(x->solver, &dp, -1, 3, 1, &fut), want = RETURN_PBN_FAULT;
    break;
  case 4: rc = dds_solve_board(x->solver, &dl, 14, 1, 1, &fut), want = RETURN_TARGET_WRONG_HI; break;
  default:
    card_not_held(r, &s, &k);
    pb.suit[0] = s;
    pb.rank[0] = k;
    rc = dds_analyse_play(x->solver, &dl, &pb, &sp), want = RETURN_PLAY_FAULT;
    dds_solver_free(NULL);
    break;
  }
  EXPECT_RC(rc, want);
  dg(d, "rc %d", rc);
}

typedef void (*call_fn)(struct ctx *, const struct call *, struct digest *);

static const call_fn functions[] = {
    [K_SOLVE] = do_solve,         [K_SOLVE_BAD] = do_solve_bad,   [K_TABLE] = do_table,
    [K_TABLE_BAD] = do_table_bad, [K_ALL_TABLES] = do_all_tables, [K_ALL_TABLES_BAD] = do_all_tables_bad,
    [K_SOLVE_ALL] = do_solve_all, [K_SOLVE_ALL_BAD] = do_solve_all_bad, [K_PAR] = do_par,
    [K_CALC_PAR] = do_calc_par,   [K_PAR_BAD] = do_par_bad,       [K_PLAY] = do_play,
    [K_PLAY_BAD] = do_play_bad,   [K_ALL_PLAYS] = do_all_plays,   [K_ALL_PLAYS_BAD] = do_all_plays_bad,
    [K_CONFIG] = do_config,       [K_INFO] = do_info,             [K_HANDLE] = do_handle,
    [K_HANDLE_BAD] = do_handle_bad,
};

/* ------------------------------------------------------------------ */
/* The two phases                                                      */
/* ------------------------------------------------------------------ */

static struct call *calls;
static int ncalls;
static struct digest *expected; /* phase 1's digest of each call */
static int nthreads = 16, rounds = 2;
static long long calls_made; /* phase 2, updated atomically */
static pthread_barrier_t barrier;

static struct ctx *new_ctx(int id)
{
  struct ctx *x = (struct ctx *)calloc(1, sizeof(*x));
  if (!x)
  {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  x->id = id;
  x->solver = dds_solver_new(0);
  if (!x->solver)
  {
    printf("FAIL: dds_solver_new(0) gave NULL\n");
    exit(1);
  }
  return x;
}

static void free_ctx(struct ctx *x)
{
  dds_solver_free(x->solver);
  free(x);
}

/* Builds the list of calls: the good calls of each record used (the calls
   of a table, the costly ones, one variant a record), the batches, the bad
   inputs (each on a record of its own) and the configuration calls. */
static void make_calls(int batches)
{
  int kind, v, k, cap = 1024;
  calls = (struct call *)calloc((size_t)cap, sizeof(*calls));
  ncalls = 0;
  for (kind = 0; kind < NKINDS; kind++)
  {
    /* The calls that run on the library's pools: the batches, and a good
       table (its strains spread over the threads). */
    int batch = kind == K_ALL_TABLES || kind == K_ALL_TABLES_BAD || kind == K_SOLVE_ALL || kind == K_SOLVE_ALL_BAD ||
                kind == K_ALL_PLAYS || kind == K_ALL_PLAYS_BAD || kind == K_TABLE || kind == K_CALC_PAR;
    int cheap = kind == K_SOLVE || kind == K_PAR || kind == K_PLAY;
    int costly = kind == K_TABLE || kind == K_CALC_PAR || kind == K_HANDLE;
    if (batch && !batches)
      continue;
    if (cheap)
    {
      for (v = 0; v < variants[kind]; v++)
        for (k = 0; k < nchosen; k++)
          calls[ncalls++] = (struct call){kind, k, v};
    }
    else if (costly)
    {
      for (k = 0; k < nchosen || k < variants[kind]; k++)
        calls[ncalls++] = (struct call){kind, k % nchosen, k % variants[kind]};
    }
    else
    {
      for (v = 0; v < variants[kind]; v++)
        calls[ncalls++] = (struct call){kind, v % nchosen, v};
    }
  }
  /* Interleave: a fixed shuffle (the same in every run), so that the
     sequential phase too changes the configuration between other calls. */
  {
    unsigned int seed = 12345;
    int i, j;
    for (i = ncalls - 1; i > 0; i--)
    {
      struct call tmp;
      seed = seed * 1103515245u + 12345u;
      j = (int)((seed >> 8) % (unsigned int)(i + 1));
      tmp = calls[i];
      calls[i] = calls[j];
      calls[j] = tmp;
    }
  }
}

static int racy; /* --race */

static void *race_writer(void *arg)
{
  racy += (int)(long)arg;
  return NULL;
}

/* Two threads write `racy` with no lock between them. */
static int race(void)
{
  pthread_t a, b;
  if (pthread_create(&a, NULL, race_writer, (void *)1L) != 0 || pthread_create(&b, NULL, race_writer, (void *)2L) != 0)
    return 1;
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("race: racy = %d\n", racy);
  return 0;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *worker(void *arg)
{
  struct ctx *x = new_ctx((int)(long)arg);
  struct digest *d = (struct digest *)malloc(sizeof(*d));
  int round, j;
  pthread_barrier_wait(&barrier);
  for (round = 0; round < rounds; round++)
  {
    /* Each thread starts at its own place and half of them go backwards. */
    int start = (x->id * ncalls / nthreads + round * 7) % ncalls;
    for (j = 0; j < ncalls; j++)
    {
      int i = x->id % 2 ? (start - j + ncalls) % ncalls : (start + j) % ncalls;
      const struct call *c = &calls[i];
      d->n = 0;
      d->s[0] = '\0';
      functions[c->kind](x, c, d);
      __sync_fetch_and_add(&calls_made, 1);
      CHECK(strcmp(d->s, expected[i].s) == 0,
            "[thread %d] round %d: %s variant %d (record %d) answered differently from the sequential run:\n"
            "  now:    %.600s\n  before: %.600s",
            x->id, round, kind_names[c->kind], c->variant, c->rec, d->s, expected[i].s);
    }
  }
  free(d);
  free_ctx(x);
  return NULL;
}

int main(int argc, char **argv)
{
  Dl_info where;
  struct ctx *x;
  pthread_t *th;
  double t0, t1, t2, per_kind[32] = {0};
  const char *records = NULL;
  int i, before, batches = 1;
  if (argc == 2 && strcmp(argv[1], "--race") == 0)
    return race();
  for (i = 2; i < argc; i++)
  {
    if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      nthreads = atoi(argv[++i]);
    else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = atoi(argv[++i]);
    else if (strcmp(argv[i], "--records") == 0 && i + 1 < argc)
      records = argv[++i];
    else if (strcmp(argv[i], "--no-batches") == 0)
      batches = 0;
    else
      argc = 0;
  }
  if (argc < 2 || nthreads < 1 || rounds < 1)
  {
    fprintf(stderr,
            "usage: stress HAND-FILE [--threads N] [--rounds K] [--records I,J,...] [--no-batches] | stress --race\n");
    return 2;
  }
  nrec = fx_load(argv[1], &recs);
  if (nrec == 0)
    return 2;
  /* The records used: those listed (0 is the file's first), or all. */
  if (records)
  {
    const char *p = records;
    while (*p && nchosen < 64)
    {
      char *end;
      long k = strtol(p, &end, 10);
      if (end == p || k < 0 || k >= nrec || (*end && *end != ','))
      {
        fprintf(stderr, "--records %s: not a list of record numbers below %d\n", records, nrec);
        return 2;
      }
      chosen[nchosen++] = (int)k;
      p = *end ? end + 1 : end;
    }
  }
  else
    for (nchosen = 0; nchosen < nrec && nchosen < 64; nchosen++)
      chosen[nchosen] = nchosen;
  for (i = 0; i < nchosen; i++)
    if (!rec(i)->has_fut || !rec(i)->has_table || !rec(i)->has_par || !rec(i)->has_par2 || !rec(i)->has_play ||
        !rec(i)->has_trace)
    {
      fprintf(stderr, "%s:%d: the record lacks a FUT, TABLE, PAR, PAR2, PLAY or TRACE line\n", argv[1],
              rec(i)->line);
      return 2;
    }
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (dladdr((void *)SolveBoardPBN, &where) && where.dli_fname)
    printf("loaded-from: %s\n", where.dli_fname);

  make_calls(batches);
  expected = (struct digest *)calloc((size_t)ncalls, sizeof(*expected));

  /* Phase 1: one call after the other. */
  x = new_ctx(-1);
  t0 = now();
  for (i = 0; i < ncalls; i++)
  {
    double t = now();
    functions[calls[i].kind](x, &calls[i], &expected[i]);
    per_kind[calls[i].kind] += now() - t;
  }
  free_ctx(x);
  t1 = now();
  printf("sequential: %d calls (%d records), %d failures, %.2f s\n", ncalls, nchosen, fx_failures, t1 - t0);
  for (i = 0; i < NKINDS; i++)
    printf("  %-58s %6.3f s\n", kind_names[i], per_kind[i]);

  /* Phase 2: every thread makes every call, all at once. */
  before = fx_failures;
  th = (pthread_t *)calloc((size_t)nthreads, sizeof(*th));
  pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);
  for (i = 0; i < nthreads; i++)
    if (pthread_create(&th[i], NULL, worker, (void *)(long)i) != 0)
    {
      printf("FAIL: pthread_create\n");
      return 1;
    }
  for (i = 0; i < nthreads; i++)
    pthread_join(th[i], NULL);
  pthread_barrier_destroy(&barrier);
  t2 = now();
  printf("parallel: %d threads x %d rounds x %d calls = %lld calls, %d failures, %.2f s\n", nthreads, rounds, ncalls,
         calls_made, fx_failures - before, t2 - t1);

  printf("stress: %d checks, %d failures\n", fx_checks, fx_failures);
  free(th);
  free(expected);
  free(calls);
  free(recs);
  return fx_failures ? 1 : 0;
}
