/*
 * Differential test: the same random inputs through two DDS libraries
 * loaded side by side with dlopen (RTLD_LOCAL: both export the same names;
 * each function is looked up on its own handle), every difference printed.
 *
 *   differential LIBRARY ORACLE CASES [SEED]
 *
 * e.g. differential .../libddscapi.so /usr/lib/x86_64-linux-gnu/libdds.so.0 100
 *
 * Each case: a random deal (seeded xorshift64*, so a SEED replays the same
 * cases), CalcDDtable of it, Par / SidesPar / SidesParBin for the four
 * vulnerabilities, DealerPar / DealerParBin for the sixteen dealer and
 * vulnerability pairs, ConvertToDealerTextFormat / ConvertToSidesTextFormat
 * of the oracle's DealerParBin / SidesParBin answers; then a position after
 * 0..40 random legal cards (follow suit when able; the cards of the current
 * trick in currentTrickSuit/Rank), SolveBoard on it with target -1 and
 * solutions 1, 2, 3 (mode 1; also mode 0 for solutions 1 and 3) and with
 * targets 0..13 and solutions 1 and 2 (mode 1), and AnalysePlayBin of a
 * random continuation from that position.
 *
 * Compared: every output field, except
 *  - futureTricks.nodes (each library counts its own search);
 *  - target 0: the cards (listed without a search, score 0) may come in
 *    another order: compared as sets; with solutions 1 the one card must be
 *    one of the oracle's legal cards;
 *  - target 1..13, solutions 1 and 2: the card DDS finds first is the card
 *    the previous SolveBoard call on that thread searched last (DDS does not
 *    reset its killer moves there; target -1 does): with solutions 1 the one
 *    card must take at least `target` tricks (by the oracle's solutions 3
 *    answer), with solutions 2 the cards are the same set and, the oracle's
 *    first card taken out of both lists, in the same order;
 *  - where DDS leaves the output unwritten: DealerPar's score and the
 *    contracts of DealerParBin / SidesPar / SidesParBin for a passed-out deal,
 *    and ConvertToSidesTextFormat's `equal` when the score is 0.
 * All calls on threadIndex 0 from this one thread (DDS is not reentrant).
 * Exit status 1 when anything differs; at most 300 lines of differences are
 * printed (environment DDS_DIFF_LINES: another limit), all are counted. DDS may write dump.txt into the
 * working directory.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dds/dll.h>

typedef int (*SolveBoard_t)(struct deal, int, int, int, struct futureTricks *, int);
typedef int (*CalcDDtable_t)(struct ddTableDeal, struct ddTableResults *);
typedef int (*Par_t)(struct ddTableResults *, struct parResults *, int);
typedef int (*DealerPar_t)(struct ddTableResults *, struct parResultsDealer *, int, int);
typedef int (*SidesPar_t)(struct ddTableResults *, struct parResultsDealer *, int);
typedef int (*DealerParBin_t)(struct ddTableResults *, struct parResultsMaster *, int, int);
typedef int (*SidesParBin_t)(struct ddTableResults *, struct parResultsMaster *, int);
typedef int (*ConvertToDealerTextFormat_t)(struct parResultsMaster *, char *);
typedef int (*ConvertToSidesTextFormat_t)(struct parResultsMaster *, struct parTextResults *);
typedef int (*AnalysePlayBin_t)(struct deal, struct playTraceBin, struct solvedPlay *, int);
typedef void (*GetDDSInfo_t)(struct DDSInfo *);

struct lib
{
  const char *name;
  const char *path;
  void *handle;
  SolveBoard_t SolveBoard;
  CalcDDtable_t CalcDDtable;
  Par_t Par;
  DealerPar_t DealerPar;
  SidesPar_t SidesPar;
  DealerParBin_t DealerParBin;
  SidesParBin_t SidesParBin;
  ConvertToDealerTextFormat_t ConvertToDealerTextFormat;
  ConvertToSidesTextFormat_t ConvertToSidesTextFormat;
  AnalysePlayBin_t AnalysePlayBin;
  GetDDSInfo_t GetDDSInfo;
};

static struct lib A = {"ours", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
static struct lib B = {"oracle", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

#define LOAD(l, fn)                                                              \
  do                                                                             \
  {                                                                              \
    *(void **)(&(l)->fn) = dlsym((l)->handle, #fn);                              \
    if (!(l)->fn)                                                                \
    {                                                                            \
      fprintf(stderr, "%s: %s does not export %s\n", (l)->name, (l)->path, #fn); \
      exit(2);                                                                   \
    }                                                                            \
  } while (0)

static void load(struct lib *l, const char *path)
{
  struct DDSInfo info;
  Dl_info where;
  l->path = path;
  l->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!l->handle)
  {
    fprintf(stderr, "dlopen(%s): %s\n", path, dlerror());
    exit(2);
  }
  LOAD(l, SolveBoard);
  LOAD(l, CalcDDtable);
  LOAD(l, Par);
  LOAD(l, DealerPar);
  LOAD(l, SidesPar);
  LOAD(l, DealerParBin);
  LOAD(l, SidesParBin);
  LOAD(l, ConvertToDealerTextFormat);
  LOAD(l, ConvertToSidesTextFormat);
  LOAD(l, AnalysePlayBin);
  LOAD(l, GetDDSInfo);
  memset(&info, 0, sizeof(info));
  l->GetDDSInfo(&info);
  info.versionString[sizeof(info.versionString) - 1] = '\0';
  if (!dladdr(*(void **)(&l->SolveBoard), &where) || !where.dli_fname)
    where.dli_fname = "?";
  printf("%s: %s (SolveBoard from %s), version %s, %d threads\n", l->name, path, where.dli_fname,
         info.versionString, info.noOfThreads);
}

/* ------------------------------------------------------------------ */
/* Random deals and play                                               */
/* ------------------------------------------------------------------ */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

static int rnd(int n)
{
  return (int)(rnd64() % (uint64_t)n);
}

struct game
{
  int trump;
  unsigned hold[4][4]; /* rank r at bit r */
  int leader;          /* of the current trick */
  int ntrick;          /* cards on the table */
  int tsuit[4], trank[4];
};

static void random_deal(struct game *g)
{
  int cards[52], i, j, t;
  memset(g, 0, sizeof(*g));
  for (i = 0; i < 52; i++)
    cards[i] = i;
  for (i = 51; i > 0; i--)
  {
    j = rnd(i + 1);
    t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  for (i = 0; i < 52; i++)
    g->hold[i / 13][cards[i] / 13] |= 1u << (2 + cards[i] % 13);
}

static int cards_left(const struct game *g)
{
  int h, s, n = 0;
  for (h = 0; h < 4; h++)
    for (s = 0; s < 4; s++)
      n += __builtin_popcount(g->hold[h][s]);
  return n;
}

/* Plays a random legal card; returns it in *suit / *rank. */
static void play_random(struct game *g, int *suit, int *rank)
{
  int player = (g->leader + g->ntrick) % 4, s, r, n = 0, pick, i, best;
  int cand_s[13], cand_r[13];
  int must = (g->ntrick > 0 && g->hold[player][g->tsuit[0]]) ? g->tsuit[0] : -1;
  for (s = 0; s < 4; s++)
    if (must < 0 || s == must)
      for (r = 2; r <= 14; r++)
        if (g->hold[player][s] & (1u << r))
        {
          cand_s[n] = s;
          cand_r[n] = r;
          n++;
        }
  pick = rnd(n);
  *suit = cand_s[pick];
  *rank = cand_r[pick];
  g->hold[player][*suit] &= ~(1u << *rank);
  g->tsuit[g->ntrick] = *suit;
  g->trank[g->ntrick] = *rank;
  if (++g->ntrick < 4)
    return;
  best = 0;
  for (i = 1; i < 4; i++)
  {
    int beats = (g->tsuit[i] == g->tsuit[best]) ? g->trank[i] > g->trank[best]
                                                 : (g->trump != 4 && g->tsuit[i] == g->trump);
    if (beats)
      best = i;
  }
  g->leader = (g->leader + best) % 4;
  g->ntrick = 0;
}

static struct deal to_deal(const struct game *g)
{
  struct deal d;
  int i;
  memset(&d, 0, sizeof(d));
  d.trump = g->trump;
  d.first = g->leader;
  for (i = 0; i < g->ntrick; i++)
  {
    d.currentTrickSuit[i] = g->tsuit[i];
    d.currentTrickRank[i] = g->trank[i];
  }
  memcpy(d.remainCards, g->hold, sizeof(d.remainCards));
  return d;
}

/* ------------------------------------------------------------------ */
/* Reporting                                                           */
/* ------------------------------------------------------------------ */

static const char rank_chars[] = "??23456789TJQKA";
static const char suit_chars[] = "SHDC";

static long comparisons = 0, differences = 0, skipped = 0;
static int case_no, case_reported, position_reported, position_set;
static char case_text[512], position_text[512];
static int max_lines = 300, lines = 0;

static void describe_deal(const struct deal *d, char *out)
{
  int h, s, r, i;
  char *p = out;
  p += sprintf(p, "trump %d first %d trick [", d->trump, d->first);
  for (i = 0; i < 3 && d->currentTrickRank[i]; i++)
    p += sprintf(p, "%s%c%c", i ? " " : "", suit_chars[d->currentTrickSuit[i] & 3],
                 rank_chars[d->currentTrickRank[i] % 15]);
  p += sprintf(p, "] N:");
  for (h = 0; h < 4; h++)
  {
    if (h)
      *p++ = ' ';
    for (s = 0; s < 4; s++)
    {
      if (s)
        *p++ = '.';
      for (r = 14; r >= 2; r--)
        if (d->remainCards[h][s] & (1u << r))
          *p++ = rank_chars[r];
    }
  }
  *p = '\0';
}

static void differ(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void differ(const char *fmt, ...)
{
  va_list ap;
  differences++;
  if (lines >= max_lines)
    return;
  if (!case_reported)
  {
    printf("case %d: %s\n", case_no, case_text);
    case_reported = 1;
    lines++;
  }
  if (position_set && !position_reported)
  {
    printf("  position %s\n", position_text);
    position_reported = 1;
    lines++;
  }
  printf("  DIFF ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  lines++;
  if (lines == max_lines)
    printf("(further differences are counted, not printed)\n");
}

static void print_fut(const char *who, const struct futureTricks *f, char *out)
{
  int i;
  char *p = out;
  p += sprintf(p, "%s: %d cards", who, f->cards);
  for (i = 0; i < f->cards && i < 13; i++)
    p += sprintf(p, " %c%c/%d/%d", suit_chars[f->suit[i] & 3], rank_chars[f->rank[i] % 15], f->equals[i], f->score[i]);
}

/* ------------------------------------------------------------------ */
/* Comparisons                                                         */
/* ------------------------------------------------------------------ */

static void compare_table(const struct ddTableDeal *td, struct ddTableResults *oracle_table)
{
  struct ddTableResults ta, tb;
  int ra, rb, s, h;
  memset(&ta, 0, sizeof(ta));
  memset(&tb, 0, sizeof(tb));
  ra = A.CalcDDtable(*td, &ta);
  rb = B.CalcDDtable(*td, &tb);
  *oracle_table = tb;
  comparisons++;
  if (ra != rb)
  {
    differ("CalcDDtable: returned %d, oracle %d", ra, rb);
    return;
  }
  for (s = 0; s < 5; s++)
    for (h = 0; h < 4; h++)
      if (ta.resTable[s][h] != tb.resTable[s][h])
        differ("CalcDDtable: resTable[%d][%d] = %d, oracle %d", s, h, ta.resTable[s][h], tb.resTable[s][h]);
}

static int contract_equal(const struct contractType *a, const struct contractType *b)
{
  return a->underTricks == b->underTricks && a->overTricks == b->overTricks && a->level == b->level &&
         a->denom == b->denom && a->seats == b->seats;
}

static void compare_master(const char *what, const struct parResultsMaster *a, const struct parResultsMaster *b)
{
  int k;
  if (a->score != b->score || a->number != b->number)
  {
    differ("%s: score %d number %d, oracle %d %d", what, a->score, a->number, b->score, b->number);
    return;
  }
  if (b->score == 0)
  {
    skipped++; /* passed out: DDS leaves the contracts unwritten */
    return;
  }
  for (k = 0; k < b->number && k < 10; k++)
    if (!contract_equal(&a->contracts[k], &b->contracts[k]))
      differ("%s: contracts[%d] = {under %d over %d level %d denom %d seats %d}, oracle {%d %d %d %d %d}", what, k,
             a->contracts[k].underTricks, a->contracts[k].overTricks, a->contracts[k].level, a->contracts[k].denom,
             a->contracts[k].seats, b->contracts[k].underTricks, b->contracts[k].overTricks, b->contracts[k].level,
             b->contracts[k].denom, b->contracts[k].seats);
}

static void compare_par(struct ddTableResults *t)
{
  int vul, dealer, ra, rb, i, k;
  char what[128];
  for (vul = 0; vul < 4; vul++)
  {
    struct parResults pa, pb;
    struct parResultsDealer sa[2], sb[2];
    struct parResultsMaster ma[2], mb[2];
    struct parTextResults xa, xb;

    memset(&pa, 0, sizeof(pa));
    memset(&pb, 0, sizeof(pb));
    ra = A.Par(t, &pa, vul);
    rb = B.Par(t, &pb, vul);
    comparisons++;
    if (ra != rb)
      differ("Par(vul %d): returned %d, oracle %d", vul, ra, rb);
    else
      for (i = 0; i < 2; i++)
      {
        if (strncmp(pa.parScore[i], pb.parScore[i], 16) != 0)
          differ("Par(vul %d): parScore[%d] \"%.16s\", oracle \"%.16s\"", vul, i, pa.parScore[i], pb.parScore[i]);
        if (strncmp(pa.parContractsString[i], pb.parContractsString[i], 128) != 0)
          differ("Par(vul %d): parContractsString[%d] \"%.128s\", oracle \"%.128s\"", vul, i,
                 pa.parContractsString[i], pb.parContractsString[i]);
      }

    memset(sa, 0, sizeof(sa));
    memset(sb, 0, sizeof(sb));
    ra = A.SidesPar(t, sa, vul);
    rb = B.SidesPar(t, sb, vul);
    comparisons++;
    if (ra != rb)
      differ("SidesPar(vul %d): returned %d, oracle %d", vul, ra, rb);
    else
      for (i = 0; i < 2; i++)
      {
        if (sa[i].score != sb[i].score || sa[i].number != sb[i].number)
        {
          differ("SidesPar(vul %d)[%d]: score %d number %d, oracle %d %d", vul, i, sa[i].score, sa[i].number,
                 sb[i].score, sb[i].number);
          continue;
        }
        if (sb[i].score == 0)
        {
          skipped++; /* passed out: DDS formats an unwritten contract */
          continue;
        }
        for (k = 0; k < sb[i].number && k < 10; k++)
          if (strncmp(sa[i].contracts[k], sb[i].contracts[k], 10) != 0)
            differ("SidesPar(vul %d)[%d]: contracts[%d] \"%.10s\", oracle \"%.10s\"", vul, i, k, sa[i].contracts[k],
                   sb[i].contracts[k]);
      }

    memset(ma, 0, sizeof(ma));
    memset(mb, 0, sizeof(mb));
    ra = A.SidesParBin(t, ma, vul);
    rb = B.SidesParBin(t, mb, vul);
    comparisons++;
    if (ra != rb)
      differ("SidesParBin(vul %d): returned %d, oracle %d", vul, ra, rb);
    else
      for (i = 0; i < 2; i++)
      {
        snprintf(what, sizeof(what), "SidesParBin(vul %d)[%d]", vul, i);
        compare_master(what, &ma[i], &mb[i]);
      }
    if (rb == 1)
    {
      /* Both converters on the oracle's SidesParBin answer */
      unsigned char ea, eb;
      memset(&xa, 0, sizeof(xa));
      memset(&xb, 0, sizeof(xb));
      ra = A.ConvertToSidesTextFormat(mb, &xa);
      rb = B.ConvertToSidesTextFormat(mb, &xb);
      comparisons++;
      memcpy(&ea, &xa.equal, 1);
      memcpy(&eb, &xb.equal, 1);
      if (ra != rb)
        differ("ConvertToSidesTextFormat(vul %d): returned %d, oracle %d", vul, ra, rb);
      else
      {
        for (i = 0; i < 2; i++)
          if (strncmp(xa.parText[i], xb.parText[i], 128) != 0)
            differ("ConvertToSidesTextFormat(vul %d): parText[%d] \"%.128s\", oracle \"%.128s\"", vul, i,
                   xa.parText[i], xb.parText[i]);
        if (mb[0].score == 0)
          skipped++; /* DDS leaves `equal` unwritten */
        else if (ea != eb)
          differ("ConvertToSidesTextFormat(vul %d): equal %d, oracle %d", vul, ea, eb);
      }
    }

    for (dealer = 0; dealer < 4; dealer++)
    {
      struct parResultsDealer da, db;
      struct parResultsMaster na, nb;
      char ta[1024], tb[1024];

      memset(&da, 0, sizeof(da));
      memset(&db, 0, sizeof(db));
      ra = A.DealerPar(t, &da, dealer, vul);
      rb = B.DealerPar(t, &db, dealer, vul);
      comparisons++;
      if (ra != rb)
        differ("DealerPar(dealer %d, vul %d): returned %d, oracle %d", dealer, vul, ra, rb);
      else
      {
        int passed = strncmp(db.contracts[0], "pass", 10) == 0;
        if (da.number != db.number || (!passed && da.score != db.score))
          differ("DealerPar(dealer %d, vul %d): score %d number %d, oracle %d %d", dealer, vul, da.score, da.number,
                 db.score, db.number);
        else
        {
          if (passed)
            skipped++; /* DDS leaves the score unwritten */
          for (k = 0; k < db.number && k < 10; k++)
            if (strncmp(da.contracts[k], db.contracts[k], 10) != 0)
              differ("DealerPar(dealer %d, vul %d): contracts[%d] \"%.10s\", oracle \"%.10s\"", dealer, vul, k,
                     da.contracts[k], db.contracts[k]);
        }
      }

      memset(&na, 0, sizeof(na));
      memset(&nb, 0, sizeof(nb));
      ra = A.DealerParBin(t, &na, dealer, vul);
      rb = B.DealerParBin(t, &nb, dealer, vul);
      comparisons++;
      snprintf(what, sizeof(what), "DealerParBin(dealer %d, vul %d)", dealer, vul);
      if (ra != rb)
        differ("%s: returned %d, oracle %d", what, ra, rb);
      else
        compare_master(what, &na, &nb);
      if (rb == 1)
      {
        /* Both converters on the oracle's DealerParBin answer */
        memset(ta, 0, sizeof(ta));
        memset(tb, 0, sizeof(tb));
        ra = A.ConvertToDealerTextFormat(&nb, ta);
        rb = B.ConvertToDealerTextFormat(&nb, tb);
        comparisons++;
        if (ra != rb)
          differ("ConvertToDealerTextFormat(dealer %d, vul %d): returned %d, oracle %d", dealer, vul, ra, rb);
        else if (strcmp(ta, tb) != 0)
          differ("ConvertToDealerTextFormat(dealer %d, vul %d): \"%.300s\", oracle \"%.300s\"", dealer, vul, ta, tb);
      }
    }
  }
}

static int same_entry(const struct futureTricks *a, int i, const struct futureTricks *b, int j)
{
  return a->suit[i] == b->suit[j] && a->rank[i] == b->rank[j] && a->equals[i] == b->equals[j] &&
         a->score[i] == b->score[j];
}

static void compare_solve(const struct deal *d, int target, int solutions, int mode, const struct futureTricks *legal)
{
  struct futureTricks fa, fb;
  int ra, rb, i, j, ok = 1;
  char sa[400], sb[400];
  memset(&fa, 0, sizeof(fa));
  memset(&fb, 0, sizeof(fb));
  ra = A.SolveBoard(*d, target, solutions, mode, &fa, 0);
  rb = B.SolveBoard(*d, target, solutions, mode, &fb, 0);
  comparisons++;
  if (ra != rb)
  {
    differ("SolveBoard(target %d, solutions %d, mode %d): returned %d, oracle %d", target, solutions, mode, ra, rb);
    return;
  }
  if (rb != 1)
    return;
  if (fa.cards != fb.cards || fa.cards < 0 || fa.cards > 13)
    ok = 0;
  else if (fb.cards == 0)
    ok = fa.score[0] == fb.score[0];
  else if (target == -1 || solutions == 3)
  {
    /* everything, in order */
    for (i = 0; i < fb.cards; i++)
      if (!same_entry(&fa, i, &fb, i))
        ok = 0;
  }
  else if (solutions == 2)
  {
    /* the same cards in any order ... */
    int used[13] = {0};
    for (i = 0; i < fa.cards && ok; i++)
    {
      for (j = 0; j < fb.cards; j++)
        if (!used[j] && same_entry(&fa, i, &fb, j))
          break;
      if (j == fb.cards)
        ok = 0;
      else
        used[j] = 1;
    }
    /* ... and for target >= 1, in the same order once the oracle's first card
       (which DDS finds first because the previous call searched it last) is
       taken out of both lists */
    if (ok && target >= 1)
    {
      int ia = 0, ib = 1;
      for (; ia < fa.cards && ib < fb.cards; ia++)
      {
        if (same_entry(&fa, ia, &fb, 0))
          continue;
        if (!same_entry(&fa, ia, &fb, ib++))
          ok = 0;
      }
    }
  }
  else
  {
    /* one card: target 0, any legal card, score 0; target >= 1, any card
       that takes at least `target` tricks, score `target` */
    ok = fa.score[0] == fb.score[0] && fa.cards == 1;
    if (ok && legal)
    {
      ok = 0;
      for (j = 0; j < legal->cards && j < 13; j++)
        if (fa.suit[0] == legal->suit[j] && fa.rank[0] == legal->rank[j] && fa.equals[0] == legal->equals[j] &&
            legal->score[j] >= target)
          ok = 1;
    }
  }
  if (!ok)
  {
    print_fut("ours", &fa, sa);
    print_fut("oracle", &fb, sb);
    differ("SolveBoard(target %d, solutions %d, mode %d): %s; %s", target, solutions, mode, sa, sb);
  }
}

static void compare_play(const struct deal *d, const struct playTraceBin *play)
{
  struct solvedPlay pa, pb;
  int ra, rb, i;
  memset(&pa, 0, sizeof(pa));
  memset(&pb, 0, sizeof(pb));
  ra = A.AnalysePlayBin(*d, *play, &pa, 0);
  rb = B.AnalysePlayBin(*d, *play, &pb, 0);
  comparisons++;
  if (ra != rb)
  {
    differ("AnalysePlayBin(%d cards): returned %d, oracle %d", play->number, ra, rb);
    return;
  }
  if (rb != 1)
    return;
  {
    char text[53 * 4 + 1], *p = text;
    int k, common = pa.number < pb.number ? pa.number : pb.number;
    for (k = 0; k < play->number; k++)
      p += sprintf(p, "%c%c", suit_chars[play->suit[k]], rank_chars[play->rank[k]]);
    *p = '\0';
    if (common > 53)
      common = 53;
    for (i = 0; i < common; i++)
      if (pa.tricks[i] != pb.tricks[i])
      {
        differ("AnalysePlayBin(%d cards \"%s\"): tricks[%d] = %d, oracle %d", play->number, text, i, pa.tricks[i],
               pb.tricks[i]);
        return;
      }
    if (pa.number != pb.number)
      differ("AnalysePlayBin(%d cards \"%s\"): number %d, oracle %d (the first %d values equal)", play->number, text,
             pa.number, pb.number, common < 0 ? 0 : common);
  }
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
  int cases, n, k, m, target, i;
  unsigned long long seed = 1;
  long before;
  if (argc < 4 || argc > 5)
  {
    fprintf(stderr, "usage: %s LIBRARY ORACLE-LIBRARY CASES [SEED]\n", argv[0]);
    return 2;
  }
  cases = atoi(argv[3]);
  if (argc == 5)
    seed = strtoull(argv[4], NULL, 0);
  rng_state = seed ? seed : 0x9E3779B97F4A7C15ULL;
  if (getenv("DDS_DIFF_LINES")) /* how many lines of differences to print (default 300) */
    max_lines = atoi(getenv("DDS_DIFF_LINES"));
  setvbuf(stdout, NULL, _IOLBF, 0);

  load(&A, argv[1]);
  load(&B, argv[2]);
  if (A.handle == B.handle)
  {
    fprintf(stderr, "both paths opened the same library: nothing to compare\n");
    return 2;
  }
  printf("%d cases, seed %llu\n", cases, seed);

  for (n = 0; n < cases; n++)
  {
    struct game g;
    struct ddTableDeal td;
    struct ddTableResults table;
    struct deal d;
    struct futureTricks legal;
    struct playTraceBin play;
    int s, r;

    case_no = n;
    case_reported = position_reported = position_set = 0;
    before = differences;

    random_deal(&g);
    g.trump = rnd(5);
    g.leader = rnd(4);
    memcpy(td.cards, g.hold, sizeof(td.cards));
    d = to_deal(&g);
    describe_deal(&d, case_text);
    compare_table(&td, &table);
    compare_par(&table);

    /* A position in the middle of play */
    k = rnd(41);
    for (i = 0; i < k; i++)
      play_random(&g, &s, &r);
    d = to_deal(&g);
    sprintf(position_text, "after %d cards: ", k);
    describe_deal(&d, position_text + strlen(position_text));
    position_set = 1;

    memset(&legal, 0, sizeof(legal));
    if (B.SolveBoard(d, -1, 3, 1, &legal, 0) != 1)
      legal.cards = 0;
    compare_solve(&d, -1, 1, 1, NULL);
    compare_solve(&d, -1, 2, 1, NULL);
    compare_solve(&d, -1, 3, 1, NULL);
    compare_solve(&d, -1, 1, 0, NULL);
    compare_solve(&d, -1, 3, 0, NULL);
    for (target = 0; target <= 13; target++)
    {
      compare_solve(&d, target, 1, 1, legal.cards ? &legal : NULL);
      compare_solve(&d, target, 2, 1, NULL);
    }

    /* AnalysePlayBin: a random continuation from that position */
    memset(&play, 0, sizeof(play));
    m = rnd(cards_left(&g) + 1);
    for (i = 0; i < m; i++)
      play_random(&g, &play.suit[i], &play.rank[i]);
    play.number = m;
    compare_play(&d, &play);

    if (differences == before && (n + 1) % 10 == 0)
      printf("%d cases done, %ld differences so far\n", n + 1, differences);
  }

  printf("differential: %d cases, %ld comparisons, %ld differences, %ld outputs DDS leaves unwritten not compared\n",
         cases, comparisons, differences, skipped);
  /* _exit, not exit: Debian's libdds, once dlopen'ed, crashes in its
     destructor (FreeMemory on an already destroyed Memory) at exit. */
  fflush(stdout);
  _exit(differences ? 1 : 0);
}
