/*
 * Exercises every function of DDS 2.9's dll.h (and SolveAllBoardsBin) with
 * known answers: the records of one of DDS's hand files (FUT, TABLE, PAR,
 * PAR2, PLAY and TRACE lines, see fixtures/dds-hands/PROVENANCE.md), DDS's
 * status codes for bad input, DDS's text formats and DDS's mode semantics.
 *
 *   functions FIXTURE [--ours]
 *
 * Every expectation without --ours is DDS's own behaviour: the program passes
 * against Debian's libdds 2.9.0 (cc ... -ldds with the system library).
 * --ours adds the expectations that are ours only: NULL pointers give
 * RETURN_UNKNOWN_FAULT instead of a crash (DDS crashes), and SolveAllBoardsBin
 * must be exported (Debian's build of DDS lacks it).
 *
 * Prints "loaded-from: PATH" (the library that provides SolveBoard), every
 * failure, and a summary; the exit status is 0 only when nothing failed.
 * DDS writes dump.txt into the working directory when it rejects a deal: run
 * it in a scratch directory.
 */
#define _GNU_SOURCE
#include <dlfcn.h>

#include "fixture.h"

/*
 * In DDS's source (SolveBoard.cpp) but not in dll.h, and not exported by
 * Debian's libdds 2.9.0. Weak: the program links and runs against a library
 * without it (the pointer is then NULL), which --ours reports as a failure.
 */
extern int SolveAllBoardsBin(struct boards *bop, struct solvedBoards *solvedp) __attribute__((weak));

static int ours = 0;
static struct fx_record *recs;
static int nrec;
static int nbatch; /* records used in the batch calls: at most 10 */

/* The batch structures are large: static, not on the stack. */
static struct boards bo;
static struct boardsPBN bop;
static struct solvedBoards solved;
static struct ddTableDeals tdeals;
static struct ddTableDealsPBN tdealsPBN;
static struct ddTablesRes tres;
static struct allParResults pres;
static struct playTracesBin plBin;
static struct playTracesPBN plPBN;
static struct solvedPlays splays;

static char why[512];

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* Index of (suit, rank, equals) among the first n FUT entries, or -1. */
static int fut_index(const struct fx_record *r, int n, int suit, int rank, int equals)
{
  int i;
  for (i = 0; i < n; i++)
    if (r->fut_suit[i] == suit && r->fut_rank[i] == rank && r->fut_equals[i] == equals)
      return i;
  return -1;
}

/* The first n entries of fut are the first n of FUT, in any order, each with score `score`. */
static int same_card_set(const struct fx_record *r, int n, const struct futureTricks *f, int score)
{
  int i, j, seen[13] = {0};
  if (f->cards != n)
  {
    snprintf(why, sizeof(why), "cards %d, expected %d", f->cards, n);
    return 0;
  }
  for (i = 0; i < n; i++)
  {
    j = fut_index(r, n, f->suit[i], f->rank[i], f->equals[i]);
    if (j < 0 || seen[j] || f->score[i] != score)
    {
      snprintf(why, sizeof(why), "entry %d (suit %d rank %d equals %d score %d) is not one of the expected cards with score %d",
               i, f->suit[i], f->rank[i], f->equals[i], f->score[i], score);
      return 0;
    }
    seen[j] = 1;
  }
  return 1;
}

static int trace_equal(const struct fx_record *r, const struct solvedPlay *s)
{
  int i;
  if (s->number != r->trace_n)
  {
    snprintf(why, sizeof(why), "number %d, expected %d", s->number, r->trace_n);
    return 0;
  }
  for (i = 0; i < r->trace_n; i++)
    if (s->tricks[i] != r->trace[i])
    {
      snprintf(why, sizeof(why), "tricks[%d] = %d, expected %d", i, s->tricks[i], r->trace[i]);
      return 0;
    }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Par text formats                                                    */
/* ------------------------------------------------------------------ */

static const char *seat_names[6] = {"N", "E", "S", "W", "NS", "EW"};
static const char denom_letters[] = "NSHDC"; /* contractType.denom: 0 = NT, 1 = S, ... 4 = C */

/* DealerPar's contract text "4S*-EW-1", "2S-EW", "1S-EW+2", "4N-W+1" -> contractType. */
static int parse_dealer_contract(const char *s, struct contractType *c)
{
  const char *d, *p;
  int k;
  memset(c, 0, sizeof(*c));
  if (s[0] < '1' || s[0] > '7' || !s[1] || !(d = strchr(denom_letters, s[1])))
    return 0;
  c->level = s[0] - '0';
  c->denom = (int)(d - denom_letters);
  p = s + 2;
  int sacrifice = (*p == '*');
  if (sacrifice)
    p++;
  if (*p++ != '-')
    return 0;
  c->seats = -1;
  for (k = 5; k >= 0; k--) /* two-letter sides first */
    if (strncmp(p, seat_names[k], strlen(seat_names[k])) == 0)
    {
      c->seats = k;
      p += strlen(seat_names[k]);
      break;
    }
  if (c->seats < 0)
    return 0;
  if (sacrifice)
  {
    if (*p != '-' || p[1] < '1' || p[1] > '9' || p[2])
      return 0;
    c->underTricks = p[1] - '0';
  }
  else if (*p == '+')
  {
    if (p[1] < '1' || p[1] > '9' || p[2])
      return 0;
    c->overTricks = p[1] - '0';
  }
  else if (*p)
    return 0;
  return 1;
}

/* SidesPar's / DealerPar's text of one contract, as DDS's SidesPar writes it. */
static void format_dealer_contract(const struct contractType *c, char *out)
{
  sprintf(out, "%d%c%s-%s", c->level, denom_letters[c->denom], c->underTricks > 0 ? "*" : "", seat_names[c->seats]);
  if (c->underTricks > 0)
    sprintf(out + strlen(out), "-%d", c->underTricks);
  else if (c->overTricks > 0)
    sprintf(out + strlen(out), "+%d", c->overTricks);
}

/* ConvertToDealerTextFormat's text (ntName "N") or ConvertToSidesTextFormat's (ntName "NT"). */
static void format_par_text(const struct parResultsMaster *m, const char *ntName, char *out)
{
  int k;
  sprintf(out, "Par %d: ", m->score);
  for (k = 0; k < m->number; k++)
  {
    const struct contractType *c = &m->contracts[k];
    if (k)
      strcat(out, " ");
    sprintf(out + strlen(out), "%s %d", seat_names[c->seats], c->level);
    if (c->denom == 0)
      strcat(out, ntName);
    else
      sprintf(out + strlen(out), "%c", denom_letters[c->denom]);
    if (c->underTricks > 0)
      sprintf(out + strlen(out), "x-%d", c->underTricks);
    else if (c->overTricks > 0)
      sprintf(out + strlen(out), "+%d", c->overTricks);
  }
}

static int contract_equal(const struct contractType *a, const struct contractType *b)
{
  return a->underTricks == b->underTricks && a->overTricks == b->overTricks && a->level == b->level &&
         a->denom == b->denom && a->seats == b->seats;
}

/*
 * One side's Par() contract string ("NS:EW 2S,EW 3C", "NS:W 45N", "EW:NS 5Hx")
 * against that side's SidesParBin result: same contracts in the same order.
 */
static int par_string_matches(const char *text, const struct parResultsMaster *m)
{
  char buf[128], *item, *save = NULL;
  int k = 0;
  const char *colon = strchr(text, ':');
  if (!colon)
  {
    snprintf(why, sizeof(why), "no ':' in \"%s\"", text);
    return 0;
  }
  strcpy(buf, colon + 1);
  for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save), k++)
  {
    const struct contractType *c;
    char seats[4], rest[16];
    size_t len;
    if (k >= m->number || sscanf(item, "%3s %15s", seats, rest) != 2)
    {
      snprintf(why, sizeof(why), "item %d \"%s\" of \"%s\": %d contracts in SidesParBin", k, item, text, m->number);
      return 0;
    }
    c = &m->contracts[k];
    len = strlen(rest);
    if (strcmp(seats, seat_names[c->seats]) != 0)
    {
      snprintf(why, sizeof(why), "item %d \"%s\": SidesParBin seats %d", k, item, c->seats);
      return 0;
    }
    if (c->underTricks > 0)
    {
      /* "<level><denom>x" */
      if (len != 3 || rest[2] != 'x' || rest[0] - '0' != c->level || rest[1] != denom_letters[c->denom])
      {
        snprintf(why, sizeof(why), "item %d \"%s\": SidesParBin level %d denom %d down %d", k, item, c->level, c->denom,
                 c->underTricks);
        return 0;
      }
    }
    else
    {
      /* "<levels><denom>": the levels from `level` to `level + overTricks` */
      if (len < 2 || rest[len - 1] != denom_letters[c->denom] || rest[0] - '0' != c->level ||
          rest[len - 2] - '0' != c->level + c->overTricks)
      {
        snprintf(why, sizeof(why), "item %d \"%s\": SidesParBin level %d denom %d over %d", k, item, c->level,
                 c->denom, c->overTricks);
        return 0;
      }
    }
  }
  if (k != m->number)
  {
    snprintf(why, sizeof(why), "\"%s\" has %d contracts, SidesParBin %d", text, k, m->number);
    return 0;
  }
  return 1;
}

/* ------------------------------------------------------------------ */
/* GetDDSInfo, ErrorMessage, where the library was loaded from         */
/* ------------------------------------------------------------------ */

static struct DDSInfo info;

static void test_info(void)
{
  Dl_info dl;
  memset(&info, 0, sizeof(info));
  GetDDSInfo(&info);
  if (dladdr((void *)SolveBoard, &dl) && dl.dli_fname)
    printf("loaded-from: %s\n", dl.dli_fname);
  else
    printf("loaded-from: (dladdr failed)\n");
  CHECK(memchr(info.versionString, '\0', sizeof(info.versionString)) != NULL, "versionString not NUL-terminated");
  CHECK(memchr(info.systemString, '\0', sizeof(info.systemString)) != NULL, "systemString not NUL-terminated");
  CHECK(memchr(info.threadSizes, '\0', sizeof(info.threadSizes)) != NULL, "threadSizes not NUL-terminated");
  info.systemString[sizeof(info.systemString) - 1] = '\0';
  info.versionString[sizeof(info.versionString) - 1] = '\0';
  printf("DDSInfo: version %d.%d.%d \"%s\", system %d, %d bits, compiler %d, constructor %d, cores %d, threading %d, "
         "threads %d, sizes \"%.127s\"\n",
         info.major, info.minor, info.patch, info.versionString, info.system, info.numBits, info.compiler,
         info.constructor, info.numCores, info.threading, info.noOfThreads, info.threadSizes);
  printf("systemString:\n%s\n", info.systemString);
  CHECK(info.major == 2 && info.minor == 9, "GetDDSInfo: version %d.%d, expected 2.9", info.major, info.minor);
  CHECK(strncmp(info.versionString, "2.9", 3) == 0, "versionString \"%s\"", info.versionString);
  CHECK(info.system == 3, "system %d, expected 3 (Linux)", info.system);
  CHECK(info.numBits == (int)(8 * sizeof(void *)), "numBits %d", info.numBits);
  CHECK(info.numCores >= 1, "numCores %d", info.numCores);
  CHECK(info.noOfThreads >= 1, "noOfThreads %d", info.noOfThreads);
}

static void test_error_messages(void)
{
  static const struct
  {
    int code;
    const char *text;
  } codes[] = {
      {RETURN_NO_FAULT, TEXT_NO_FAULT},
      {RETURN_UNKNOWN_FAULT, TEXT_UNKNOWN_FAULT},
      {RETURN_ZERO_CARDS, TEXT_ZERO_CARDS},
      {RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH},
      {RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS},
      {RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO},
      {RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI},
      {RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO},
      {RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI},
      {RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS},
      {RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK},
      {RETURN_PLAYED_CARD, TEXT_PLAYED_CARD},
      {RETURN_CARD_COUNT, TEXT_CARD_COUNT},
      {RETURN_THREAD_INDEX, TEXT_THREAD_INDEX},
      {RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO},
      {RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI},
      {RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG},
      {RETURN_FIRST_WRONG, TEXT_FIRST_WRONG},
      {RETURN_PLAY_FAULT, TEXT_PLAY_FAULT},
      {RETURN_PBN_FAULT, TEXT_PBN_FAULT},
      {RETURN_TOO_MANY_BOARDS, TEXT_TOO_MANY_BOARDS},
      {RETURN_THREAD_CREATE, TEXT_THREAD_CREATE},
      {RETURN_THREAD_WAIT, TEXT_THREAD_WAIT},
      {RETURN_THREAD_MISSING, TEXT_THREAD_MISSING},
      {RETURN_NO_SUIT, TEXT_NO_SUIT},
      {RETURN_TOO_MANY_TABLES, TEXT_TOO_MANY_TABLES},
      {RETURN_CHUNK_SIZE, TEXT_CHUNK_SIZE},
  };
  /* Not in dll.h: DDS's text for any other code (Init.cpp). */
  static const int unknown[] = {0, 2, -6, -11, -20, -100, -302, 1000};
  char line[80];
  size_t i;
  for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
  {
    memset(line, 'x', sizeof(line));
    ErrorMessage(codes[i].code, line);
    CHECK(memchr(line, '\0', sizeof(line)) && strcmp(line, codes[i].text) == 0,
          "ErrorMessage(%d) = \"%.79s\", expected \"%s\"", codes[i].code, line, codes[i].text);
  }
  for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
  {
    memset(line, 'x', sizeof(line));
    ErrorMessage(unknown[i], line);
    CHECK(memchr(line, '\0', sizeof(line)) && strcmp(line, "Not a DDS error code") == 0,
          "ErrorMessage(%d) = \"%.79s\", expected \"Not a DDS error code\"", unknown[i], line);
  }
}

/* ------------------------------------------------------------------ */
/* Known answers, one record at a time                                 */
/* ------------------------------------------------------------------ */

static void test_solve_board(const struct fx_record *r)
{
  struct dealPBN dp = fx_deal_pbn(r);
  struct deal db = fx_deal_bin(r);
  struct futureTricks fut;
  int rc, best = r->fut_score[0], nopt = fx_optimal_count(r);

  memset(&fut, 0, sizeof(fut));
  rc = SolveBoardPBN(dp, -1, 3, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoardPBN(-1, 3, 1)");
  CHECK(rc != 1 || fx_fut_equal(r, &fut, why, sizeof(why)), "line %d: SolveBoardPBN(-1, 3, 1) vs FUT: %s", r->line,
        why);

  memset(&fut, 0, sizeof(fut));
  rc = SolveBoard(db, -1, 3, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(-1, 3, 1)");
  CHECK(rc != 1 || fx_fut_equal(r, &fut, why, sizeof(why)), "line %d: SolveBoard(-1, 3, 1) vs FUT: %s", r->line,
        why);

  /* solutions 2: every card of the best score, in FUT's order; solutions 1: FUT's first card. */
  rc = SolveBoard(db, -1, 2, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(-1, 2, 1)");
  CHECK(rc != 1 || fx_fut_prefix_equal(r, nopt, &fut, why, sizeof(why)), "line %d: SolveBoard(-1, 2, 1): %s",
        r->line, why);
  rc = SolveBoardPBN(dp, -1, 1, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoardPBN(-1, 1, 1)");
  CHECK(rc != 1 || fx_fut_prefix_equal(r, 1, &fut, why, sizeof(why)), "line %d: SolveBoardPBN(-1, 1, 1): %s",
        r->line, why);

  /* target = the best score: one (solutions 1) or all (2) of the optimal cards. */
  rc = SolveBoard(db, best, 1, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(best, 1, 1)");
  CHECK(rc != 1 || (fut.cards == 1 && fut.score[0] == best &&
                    fut_index(r, nopt, fut.suit[0], fut.rank[0], fut.equals[0]) >= 0),
        "line %d: SolveBoard(target %d, 1, 1): cards %d, suit %d rank %d score %d", r->line, best, fut.cards,
        fut.suit[0], fut.rank[0], fut.score[0]);
  rc = SolveBoard(db, best, 2, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(best, 2, 1)");
  CHECK(rc != 1 || same_card_set(r, nopt, &fut, best), "line %d: SolveBoard(target %d, 2, 1): %s", r->line, best,
        why);

  /* target above the best score: no card; score -1 (0 for target 1). */
  if (best < 13)
  {
    rc = SolveBoard(db, best + 1, 1, 1, &fut, 0);
    CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(best + 1, 1, 1)");
    CHECK(rc != 1 || (fut.cards == 0 && fut.score[0] == (best + 1 > 1 ? -1 : 0)),
          "line %d: SolveBoard(target %d, 1, 1): cards %d score %d, expected 0 cards, score %d", r->line, best + 1,
          fut.cards, fut.score[0], best + 1 > 1 ? -1 : 0);
    rc = SolveBoard(db, best + 1, 2, 1, &fut, 0);
    CHECK(rc == 1 && fut.cards == 0 && fut.score[0] == (best + 1 > 1 ? -1 : 0),
          "line %d: SolveBoard(target %d, 2, 1): rc %d cards %d score %d", r->line, best + 1, rc, fut.cards,
          fut.score[0]);
  }

  /* target 0: the legal cards without a search, score 0 (order: the library's own). */
  rc = SolveBoard(db, 0, 2, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(0, 2, 1)");
  CHECK(rc != 1 || same_card_set(r, r->fut_n, &fut, 0), "line %d: SolveBoard(target 0, 2, 1): %s", r->line, why);
  rc = SolveBoard(db, 0, 1, 1, &fut, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "SolveBoard(0, 1, 1)");
  CHECK(rc != 1 || (fut.cards == 1 && fut.score[0] == 0 &&
                    fut_index(r, r->fut_n, fut.suit[0], fut.rank[0], fut.equals[0]) >= 0),
        "line %d: SolveBoard(target 0, 1, 1): cards %d suit %d rank %d score %d", r->line, fut.cards, fut.suit[0],
        fut.rank[0], fut.score[0]);
  /* target 0 with solutions 3 is an ordinary solutions 3 call. */
  rc = SolveBoard(db, 0, 3, 2, &fut, 0);
  CHECK(rc == 1 && fx_fut_equal(r, &fut, why, sizeof(why)), "line %d: SolveBoard(0, 3, 2): rc %d %s", r->line, rc,
        rc == 1 ? why : "");
}

static void test_table(const struct fx_record *r, int heavy)
{
  struct ddTableResults t;
  struct parResults p;
  int rc;
  memset(&t, 0, sizeof(t));
  rc = CalcDDtablePBN(fx_table_deal_pbn(r->pbn), &t);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcDDtablePBN");
  CHECK(rc != 1 || fx_table_equal(r, &t, why, sizeof(why)), "line %d: CalcDDtablePBN vs TABLE: %s", r->line, why);
  if (!heavy)
    return;
  memset(&t, 0, sizeof(t));
  rc = CalcDDtable(fx_table_deal_bin(r), &t);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcDDtable");
  CHECK(rc != 1 || fx_table_equal(r, &t, why, sizeof(why)), "line %d: CalcDDtable vs TABLE: %s", r->line, why);

  memset(&t, 0, sizeof(t));
  memset(&p, 0, sizeof(p));
  rc = CalcParPBN(fx_table_deal_pbn(r->pbn), &t, r->vul, &p);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcParPBN");
  CHECK(rc != 1 || fx_table_equal(r, &t, why, sizeof(why)), "line %d: CalcParPBN table vs TABLE: %s", r->line, why);
  CHECK(rc != 1 || (strcmp(p.parScore[0], r->par_score[0]) == 0 && strcmp(p.parScore[1], r->par_score[1]) == 0 &&
                    strcmp(p.parContractsString[0], r->par_contracts[0]) == 0 &&
                    strcmp(p.parContractsString[1], r->par_contracts[1]) == 0),
        "line %d: CalcParPBN par \"%s\" \"%s\" \"%s\" \"%s\" vs PAR", r->line, p.parScore[0], p.parScore[1],
        p.parContractsString[0], p.parContractsString[1]);

  memset(&t, 0, sizeof(t));
  memset(&p, 0, sizeof(p));
  rc = CalcPar(fx_table_deal_bin(r), r->vul, &t, &p);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcPar");
  CHECK(rc != 1 || fx_table_equal(r, &t, why, sizeof(why)), "line %d: CalcPar table vs TABLE: %s", r->line, why);
  CHECK(rc != 1 || (strcmp(p.parScore[0], r->par_score[0]) == 0 &&
                    strcmp(p.parContractsString[1], r->par_contracts[1]) == 0),
        "line %d: CalcPar par \"%s\" \"%s\" vs PAR", r->line, p.parScore[0], p.parContractsString[1]);
}

static void test_par(const struct fx_record *r)
{
  struct ddTableResults t = fx_results_table(r);
  struct parResults p;
  struct parResultsDealer pd, sides[2];
  struct parResultsMaster pm, sm[2];
  struct parTextResults ptext;
  char text[1024], expected[1024], buf[32];
  int rc, i, k, scores[2];

  /* Par vs PAR */
  memset(&p, 0, sizeof(p));
  rc = Par(&t, &p, r->vul);
  CHECK_RC(rc, RETURN_NO_FAULT, "Par");
  for (i = 0; i < 2; i++)
  {
    CHECK(strcmp(p.parScore[i], r->par_score[i]) == 0, "line %d: Par parScore[%d] \"%.16s\", expected \"%s\"",
          r->line, i, p.parScore[i], r->par_score[i]);
    CHECK(strcmp(p.parContractsString[i], r->par_contracts[i]) == 0,
          "line %d: Par parContractsString[%d] \"%.128s\", expected \"%s\"", r->line, i, p.parContractsString[i],
          r->par_contracts[i]);
  }
  scores[0] = atoi(r->par_score[0] + 3);
  scores[1] = atoi(r->par_score[1] + 3);

  /* DealerPar vs PAR2 */
  memset(&pd, 0, sizeof(pd));
  rc = DealerPar(&t, &pd, r->dealer, r->vul);
  CHECK_RC(rc, RETURN_NO_FAULT, "DealerPar");
  CHECK(pd.score == r->par2_score && pd.number == r->par2_n, "line %d: DealerPar score %d number %d, expected %d %d",
        r->line, pd.score, pd.number, r->par2_score, r->par2_n);
  for (k = 0; k < r->par2_n && k < pd.number && k < 10; k++)
    CHECK(strcmp(pd.contracts[k], r->par2_contracts[k]) == 0, "line %d: DealerPar contracts[%d] \"%.10s\", expected \"%s\"",
          r->line, k, pd.contracts[k], r->par2_contracts[k]);

  /* DealerParBin: PAR2's contracts as numbers, sorted by denomination (NT, S, H, D, C) */
  {
    struct contractType want[10], tmp;
    int n = r->par2_n, s, q;
    for (k = 0; k < n; k++)
      CHECK(parse_dealer_contract(r->par2_contracts[k], &want[k]), "line %d: cannot parse PAR2 contract \"%s\"",
            r->line, r->par2_contracts[k]);
    for (s = 1; s < n; s++)
    {
      tmp = want[s];
      for (q = s; q && tmp.denom < want[q - 1].denom; --q)
        want[q] = want[q - 1];
      want[q] = tmp;
    }
    memset(&pm, 0, sizeof(pm));
    rc = DealerParBin(&t, &pm, r->dealer, r->vul);
    CHECK_RC(rc, RETURN_NO_FAULT, "DealerParBin");
    CHECK(pm.score == r->par2_score && pm.number == n, "line %d: DealerParBin score %d number %d, expected %d %d",
          r->line, pm.score, pm.number, r->par2_score, n);
    for (k = 0; k < n && k < pm.number && k < 10; k++)
      CHECK(contract_equal(&pm.contracts[k], &want[k]),
            "line %d: DealerParBin contracts[%d] = {under %d over %d level %d denom %d seats %d}, expected {%d %d %d "
            "%d %d}",
            r->line, k, pm.contracts[k].underTricks, pm.contracts[k].overTricks, pm.contracts[k].level,
            pm.contracts[k].denom, pm.contracts[k].seats, want[k].underTricks, want[k].overTricks, want[k].level,
            want[k].denom, want[k].seats);

    /* ConvertToDealerTextFormat: "Par -110: EW 2S", "Par 100: EW 4Sx-1", "Par -600: EW 3N EW 5C" */
    memset(text, 'x', sizeof(text));
    text[sizeof(text) - 1] = '\0';
    rc = ConvertToDealerTextFormat(&pm, text);
    CHECK_RC(rc, RETURN_NO_FAULT, "ConvertToDealerTextFormat");
    format_par_text(&pm, "N", expected);
    CHECK(strcmp(text, expected) == 0, "line %d: ConvertToDealerTextFormat \"%.200s\", expected \"%s\"", r->line, text,
          expected);
  }

  /* SidesParBin vs PAR, SidesPar vs SidesParBin, ConvertToSidesTextFormat */
  memset(sm, 0, sizeof(sm));
  rc = SidesParBin(&t, sm, r->vul);
  CHECK_RC(rc, RETURN_NO_FAULT, "SidesParBin");
  for (i = 0; i < 2; i++)
  {
    CHECK(sm[i].score == scores[i], "line %d: SidesParBin[%d].score %d, expected %d (PAR \"%s\")", r->line, i,
          sm[i].score, scores[i], r->par_score[i]);
    CHECK(par_string_matches(r->par_contracts[i], &sm[i]), "line %d: SidesParBin[%d] vs PAR: %s", r->line, i, why);
  }
  memset(sides, 0, sizeof(sides));
  rc = SidesPar(&t, sides, r->vul);
  CHECK_RC(rc, RETURN_NO_FAULT, "SidesPar");
  for (i = 0; i < 2; i++)
  {
    CHECK(sides[i].score == sm[i].score && sides[i].number == sm[i].number,
          "line %d: SidesPar[%d] score %d number %d, SidesParBin %d %d", r->line, i, sides[i].score, sides[i].number,
          sm[i].score, sm[i].number);
    for (k = 0; k < sm[i].number && k < sides[i].number && k < 10; k++)
    {
      format_dealer_contract(&sm[i].contracts[k], buf);
      CHECK(strcmp(sides[i].contracts[k], buf) == 0, "line %d: SidesPar[%d].contracts[%d] \"%.10s\", expected \"%s\"",
            r->line, i, k, sides[i].contracts[k], buf);
    }
  }
  memset(&ptext, 'x', sizeof(ptext));
  rc = ConvertToSidesTextFormat(sm, &ptext);
  CHECK_RC(rc, RETURN_NO_FAULT, "ConvertToSidesTextFormat");
  for (i = 0; i < 2; i++)
  {
    format_par_text(&sm[i], "NT", expected);
    CHECK(memchr(ptext.parText[i], '\0', 128) && strcmp(ptext.parText[i], expected) == 0,
          "line %d: ConvertToSidesTextFormat parText[%d] \"%.128s\", expected \"%s\"", r->line, i, ptext.parText[i],
          expected);
  }
  {
    int equal = sm[0].score == -sm[1].score && sm[0].number == sm[1].number;
    for (k = 0; equal && k < sm[0].number; k++)
      equal = contract_equal(&sm[0].contracts[k], &sm[1].contracts[k]);
    unsigned char raw; /* the byte as written: 'x' if the library left it */
    memcpy(&raw, &ptext.equal, 1);
    CHECK(raw == (equal != 0), "line %d: ConvertToSidesTextFormat equal byte %d, expected %d", r->line, raw, equal);
  }
}

static void test_play(const struct fx_record *r)
{
  struct solvedPlay sp;
  int rc;
  memset(&sp, 0, sizeof(sp));
  rc = AnalysePlayPBN(fx_deal_pbn(r), fx_play_pbn(r), &sp, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "AnalysePlayPBN");
  CHECK(rc != 1 || trace_equal(r, &sp), "line %d: AnalysePlayPBN vs TRACE: %s", r->line, why);
  memset(&sp, 0, sizeof(sp));
  rc = AnalysePlayBin(fx_deal_bin(r), fx_play_bin(r), &sp, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "AnalysePlayBin");
  CHECK(rc != 1 || trace_equal(r, &sp), "line %d: AnalysePlayBin vs TRACE: %s", r->line, why);
}

/* ------------------------------------------------------------------ */
/* Batches                                                             */
/* ------------------------------------------------------------------ */

static void fill_boards(int n, int solutions_cycle)
{
  int i;
  memset(&bo, 0, sizeof(bo));
  memset(&bop, 0, sizeof(bop));
  bo.noOfBoards = bop.noOfBoards = n;
  for (i = 0; i < n; i++)
  {
    const struct fx_record *r = &recs[i % nrec];
    bo.deals[i] = fx_deal_bin(r);
    bop.deals[i] = fx_deal_pbn(r);
    bo.target[i] = bop.target[i] = -1;
    bo.solutions[i] = bop.solutions[i] = solutions_cycle ? 1 + i % 3 : 3;
    bo.mode[i] = bop.mode[i] = 1;
  }
}

static void check_solved(const char *what, int rc, int n, int solutions_cycle)
{
  int i;
  CHECK_RC(rc, RETURN_NO_FAULT, what);
  if (rc != 1)
    return;
  CHECK(solved.noOfBoards == n, "%s: noOfBoards %d, expected %d", what, solved.noOfBoards, n);
  for (i = 0; i < n; i++)
  {
    const struct fx_record *r = &recs[i % nrec];
    int sol = solutions_cycle ? 1 + i % 3 : 3;
    int ok = sol == 3   ? fx_fut_equal(r, &solved.solvedBoard[i], why, sizeof(why))
             : sol == 2 ? fx_fut_prefix_equal(r, fx_optimal_count(r), &solved.solvedBoard[i], why, sizeof(why))
                        : fx_fut_prefix_equal(r, 1, &solved.solvedBoard[i], why, sizeof(why));
    CHECK(ok, "%s: board %d (line %d, solutions %d): %s", what, i, r->line, sol, why);
  }
}

static void check_tables(const char *what, int n, const int *index, int strains_mask, int par_vul)
{
  int m, s, h;
  for (m = 0; m < n; m++)
  {
    const struct fx_record *r = &recs[index[m]];
    for (s = 0; s < DDS_STRAINS; s++)
    {
      if (!(strains_mask & (1 << s)))
        continue;
      for (h = 0; h < DDS_HANDS; h++)
        CHECK(tres.results[m].resTable[s][h] == r->table[s][h], "%s: table %d (line %d) [%d][%d] = %d, expected %d",
              what, m, r->line, s, h, tres.results[m].resTable[s][h], r->table[s][h]);
    }
    if (par_vul >= 0)
    {
      struct parResults *p = &pres.presults[m];
      CHECK(strcmp(p->parScore[0], r->par_score[0]) == 0 && strcmp(p->parScore[1], r->par_score[1]) == 0 &&
                strcmp(p->parContractsString[0], r->par_contracts[0]) == 0 &&
                strcmp(p->parContractsString[1], r->par_contracts[1]) == 0,
            "%s: par %d (line %d) \"%.16s\" \"%.16s\" \"%.128s\" \"%.128s\" vs PAR", what, m, r->line, p->parScore[0],
            p->parScore[1], p->parContractsString[0], p->parContractsString[1]);
    }
  }
}

static void test_batches(void)
{
  int filter_all[5] = {0, 0, 0, 0, 0};
  int filter_s_nt[5] = {0, 1, 1, 1, 0};
  int index[40], n, i, v, rc;

  /* CalcAllTablesPBN, every strain, no par */
  n = 0;
  memset(&tdealsPBN, 0, sizeof(tdealsPBN));
  for (i = 0; i < nbatch; i++)
  {
    strcpy(tdealsPBN.deals[n].cards, recs[i].pbn);
    index[n++] = i;
  }
  tdealsPBN.noOfTables = n;
  memset(&tres, 0, sizeof(tres));
  rc = CalcAllTablesPBN(&tdealsPBN, -1, filter_all, &tres, &pres);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcAllTablesPBN(mode -1)");
  CHECK(tres.noOfBoards == 20 * n, "CalcAllTablesPBN(mode -1): noOfBoards %d, expected %d", tres.noOfBoards, 20 * n);
  check_tables("CalcAllTablesPBN(mode -1)", n, index, 31, -1);

  /* CalcAllTables with par, one call per vulnerability (mode = the records' vulnerability) */
  for (v = 0; v < 4; v++)
  {
    n = 0;
    memset(&tdeals, 0, sizeof(tdeals));
    for (i = 0; i < nbatch; i++)
      if (recs[i].vul == v)
      {
        memcpy(tdeals.deals[n].cards, recs[i].cards, sizeof(tdeals.deals[n].cards));
        index[n++] = i;
      }
    if (n == 0)
      continue;
    tdeals.noOfTables = n;
    memset(&tres, 0, sizeof(tres));
    memset(&pres, 0, sizeof(pres));
    rc = CalcAllTables(&tdeals, v, filter_all, &tres, &pres);
    CHECK_RC(rc, RETURN_NO_FAULT, "CalcAllTables(mode = vul)");
    CHECK(tres.noOfBoards == 20 * n, "CalcAllTables(mode %d): noOfBoards %d, expected %d", v, tres.noOfBoards, 20 * n);
    check_tables("CalcAllTables(par)", n, index, 31, v);
  }

  /* CalcAllTablesPBN with a strain filter: spades and notrump only (no par then, whatever the mode) */
  n = 0;
  memset(&tdealsPBN, 0, sizeof(tdealsPBN));
  for (i = 0; i < nbatch; i++)
  {
    strcpy(tdealsPBN.deals[n].cards, recs[i].pbn);
    index[n++] = i;
  }
  tdealsPBN.noOfTables = n;
  memset(&tres, 0, sizeof(tres));
  rc = CalcAllTablesPBN(&tdealsPBN, 0, filter_s_nt, &tres, &pres);
  CHECK_RC(rc, RETURN_NO_FAULT, "CalcAllTablesPBN(S and NT)");
  CHECK(tres.noOfBoards == 8 * n, "CalcAllTablesPBN(S and NT): noOfBoards %d, expected %d", tres.noOfBoards, 8 * n);
  check_tables("CalcAllTablesPBN(S and NT)", n, index, 1 | 16, -1);

  /* SolveAllBoards and friends on the FUT positions */
  fill_boards(nbatch, 0);
  memset(&solved, 0, sizeof(solved));
  check_solved("SolveAllBoards", SolveAllBoards(&bop, &solved), nbatch, 0);
  memset(&solved, 0, sizeof(solved));
  check_solved("SolveAllChunksPBN(chunk 1)", SolveAllChunksPBN(&bop, &solved, 1), nbatch, 0);
  memset(&solved, 0, sizeof(solved));
  check_solved("SolveAllChunks(chunk 3)", SolveAllChunks(&bop, &solved, 3), nbatch, 0);
  fill_boards(nbatch, 1);
  memset(&solved, 0, sizeof(solved));
  check_solved("SolveAllChunksBin(chunk 2, solutions 1 2 3)", SolveAllChunksBin(&bo, &solved, 2), nbatch, 1);
  if (SolveAllBoardsBin)
  {
    memset(&solved, 0, sizeof(solved));
    check_solved("SolveAllBoardsBin(solutions 1 2 3)", SolveAllBoardsBin(&bo, &solved), nbatch, 1);
  }
  else
  {
    printf("SolveAllBoardsBin: not exported by this library%s\n", ours ? "" : " (skipped)");
    CHECK(!ours, "SolveAllBoardsBin is not exported");
  }

  /* The same deal many times (DDS reuses the answer of a repeated board) */
  if (nrec >= 2)
  {
    fill_boards(12, 0);
    for (i = 0; i < 12; i++)
    {
      bop.deals[i] = fx_deal_pbn(&recs[i % 2]);
      bo.deals[i] = fx_deal_bin(&recs[i % 2]);
    }
    memset(&solved, 0, sizeof(solved));
    rc = SolveAllBoards(&bop, &solved);
    CHECK_RC(rc, RETURN_NO_FAULT, "SolveAllBoards(repeated deals)");
    for (i = 0; rc == 1 && i < 12; i++)
      CHECK(fx_fut_equal(&recs[i % 2], &solved.solvedBoard[i], why, sizeof(why)),
            "SolveAllBoards(repeated deals): board %d: %s", i, why);
  }

  /* AnalyseAllPlays */
  n = 0;
  memset(&plPBN, 0, sizeof(plPBN));
  memset(&plBin, 0, sizeof(plBin));
  fill_boards(nbatch, 0);
  for (i = 0; i < nbatch; i++)
  {
    plPBN.plays[i] = fx_play_pbn(&recs[i]);
    plBin.plays[i] = fx_play_bin(&recs[i]);
  }
  plPBN.noOfBoards = plBin.noOfBoards = nbatch;
  memset(&splays, 0, sizeof(splays));
  rc = AnalyseAllPlaysPBN(&bop, &plPBN, &splays, 1);
  CHECK_RC(rc, RETURN_NO_FAULT, "AnalyseAllPlaysPBN");
  CHECK(splays.noOfBoards == nbatch, "AnalyseAllPlaysPBN: noOfBoards %d", splays.noOfBoards);
  for (i = 0; rc == 1 && i < nbatch; i++)
    CHECK(trace_equal(&recs[i], &splays.solved[i]), "AnalyseAllPlaysPBN: board %d (line %d): %s", i, recs[i].line,
          why);
  /* DDS ignores AnalyseAllPlays*'s chunk size: 0 is accepted. */
  memset(&splays, 0, sizeof(splays));
  rc = AnalyseAllPlaysBin(&bo, &plBin, &splays, 0);
  CHECK_RC(rc, RETURN_NO_FAULT, "AnalyseAllPlaysBin(chunk 0)");
  CHECK(splays.noOfBoards == nbatch, "AnalyseAllPlaysBin: noOfBoards %d", splays.noOfBoards);
  for (i = 0; rc == 1 && i < nbatch; i++)
    CHECK(trace_equal(&recs[i], &splays.solved[i]), "AnalyseAllPlaysBin: board %d (line %d): %s", i, recs[i].line,
          why);
}

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */

static int solve(struct deal d, int target, int solutions, int mode)
{
  struct futureTricks fut;
  return SolveBoard(d, target, solutions, mode, &fut, 0);
}

static void test_status_codes(void)
{
  const struct fx_record *r = &recs[0];
  const struct deal d0 = fx_deal_bin(r);
  struct deal d;
  struct dealPBN dp;
  struct futureTricks fut;
  struct ddTableDeal td;
  struct ddTableResults t;
  struct parResults p;
  struct solvedPlay sp;
  struct playTracePBN pp;
  struct playTraceBin pb;
  int filter_none[5] = {1, 1, 1, 1, 1}, filter_all[5] = {0, 0, 0, 0, 0}, filter_two[5] = {0, 0, 1, 1, 1};
  int s, i, leader, suit, rank;

  /* Ranges, in DDS's order of checks */
  CHECK_RC(solve(d0, -2, 1, 1), RETURN_TARGET_WRONG_LO, "target -2");
  CHECK_RC(solve(d0, 14, 1, 1), RETURN_TARGET_WRONG_HI, "target 14");
  CHECK_RC(solve(d0, -1, 0, 1), RETURN_SOLNS_WRONG_LO, "solutions 0");
  CHECK_RC(solve(d0, -1, 4, 1), RETURN_SOLNS_WRONG_HI, "solutions 4");
  CHECK_RC(solve(d0, -1, 1, -1), RETURN_MODE_WRONG_LO, "mode -1");
  CHECK_RC(solve(d0, -1, 1, 3), RETURN_MODE_WRONG_HI, "mode 3");
  CHECK_RC(solve(d0, 14, 0, 3), RETURN_TARGET_WRONG_HI, "target 14, solutions 0, mode 3 (target checked first)");
  d = d0;
  d.trump = 5;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_TRUMP_WRONG, "trump 5");
  d.trump = -1;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_TRUMP_WRONG, "trump -1");
  d = d0;
  d.first = 4;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_FIRST_WRONG, "first 4");
  d.first = -1;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_FIRST_WRONG, "first -1");
  d = d0;
  d.currentTrickRank[0] = 15;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "currentTrickRank 15");
  d.currentTrickRank[0] = 1;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "currentTrickRank 1");
  d.currentTrickRank[0] = 5;
  d.currentTrickSuit[0] = 4;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "currentTrickSuit 4");
  d = d0;
  d.currentTrickRank[1] = 5; /* a second card without a first */
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "currentTrickRank {0, 5, 0}");
  d = d0;
  d.remainCards[0][0] = 2; /* below the deuce's bit */
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "remainCards 0x0002");
  d = d0;
  d.remainCards[0][0] |= 0x8000; /* above the ace's bit */
  CHECK_RC(solve(d, -1, 1, 1), RETURN_SUIT_OR_RANK, "remainCards with bit 15");

  /* Counts and consistency */
  d = d0;
  memset(d.remainCards, 0, sizeof(d.remainCards));
  CHECK_RC(solve(d, -1, 1, 1), RETURN_ZERO_CARDS, "zero cards");
  d = d0;
  memset(d.remainCards, 0, sizeof(d.remainCards));
  for (s = 0; s < 4; s++)
    d.remainCards[0][s] = 0x7ffc; /* North holds all 52 cards... */
  d.remainCards[1][0] = 0x0004;   /* ... and East one more */
  CHECK_RC(solve(d, -1, 1, 1), RETURN_TOO_MANY_CARDS, "53 cards");

  /* North gives a card to East: 12 and 14 cards */
  d = d0;
  d.remainCards[0][1] &= ~(1u << 2); /* North's H2 (list10 record 1: N holds K652 of hearts) */
  d.remainCards[1][1] |= 1u << 2;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_CARD_COUNT, "12 and 14 cards");
  /* North drops a card and holds a copy of one of East's: 13 cards each, one duplicated */
  d = d0;
  d.remainCards[0][1] &= ~(1u << 2);
  d.remainCards[0][3] |= 1u << 12; /* East's CQ (873.J97.AT764.Q4) */
  CHECK_RC(solve(d, -1, 1, 1), RETURN_DUPLICATE_CARDS, "duplicated card");
  /* North led SQ to the trick but still holds it (and holds 12 cards) */
  d = d0;
  d.remainCards[0][1] &= ~(1u << 2);
  d.first = 0;
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 12;
  CHECK_RC(solve(d, -1, 1, 1), RETURN_PLAYED_CARD, "played card still held");
  /* Two tricks left, target 3 */
  memset(&d, 0, sizeof(d));
  d.trump = 4;
  d.first = 0;
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 14;
  d.remainCards[0][1] = 1u << 2;
  d.remainCards[1][0] = 1u << 2;
  d.remainCards[1][1] = 1u << 3;
  d.remainCards[2][0] = 1u << 3;
  d.remainCards[2][1] = 1u << 4;
  d.remainCards[3][0] = 1u << 4;
  d.remainCards[3][1] = 1u << 5;
  CHECK_RC(solve(d, 3, 1, 1), RETURN_TARGET_TOO_HIGH, "target 3 with 2 tricks left");
  CHECK_RC(solve(d, 2, 1, 1), RETURN_NO_FAULT, "target 2 with 2 tricks left");

  /* Thread index */
  CHECK_RC(SolveBoard(d0, -1, 1, 1, &fut, -1), RETURN_THREAD_INDEX, "SolveBoard(threadIndex -1)");
  CHECK_RC(SolveBoard(d0, -1, 1, 1, &fut, 1000), RETURN_THREAD_INDEX, "SolveBoard(threadIndex 1000)");
  CHECK_RC(SolveBoard(d0, -1, 1, 1, &fut, info.noOfThreads), RETURN_THREAD_INDEX,
           "SolveBoard(threadIndex = noOfThreads)");
  CHECK_RC(SolveBoard(d0, -1, 1, 1, &fut, info.noOfThreads - 1), RETURN_NO_FAULT,
           "SolveBoard(threadIndex = noOfThreads - 1)");
  CHECK_RC(SolveBoardPBN(fx_deal_pbn(r), -1, 1, 1, &fut, -1), RETURN_THREAD_INDEX, "SolveBoardPBN(threadIndex -1)");
  CHECK_RC(AnalysePlayBin(d0, fx_play_bin(r), &sp, 1000), RETURN_THREAD_INDEX, "AnalysePlayBin(threadIndex 1000)");
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), fx_play_pbn(r), &sp, -1), RETURN_THREAD_INDEX,
           "AnalysePlayPBN(threadIndex -1)");
  /* The thread index is checked before the arguments */
  CHECK_RC(SolveBoard(d0, -2, 1, 1, &fut, -1), RETURN_THREAD_INDEX, "SolveBoard(target -2, threadIndex -1)");

  /* Bad PBN text */
  dp = fx_deal_pbn(r);
  strcpy(dp.remainCards, "xyz");
  CHECK_RC(SolveBoardPBN(dp, -1, 1, 1, &fut, 0), RETURN_PBN_FAULT, "SolveBoardPBN(\"xyz\")");
  memset(dp.remainCards, 0, sizeof(dp.remainCards));
  CHECK_RC(SolveBoardPBN(dp, -1, 1, 1, &fut, 0), RETURN_PBN_FAULT, "SolveBoardPBN(\"\")");
  CHECK_RC(CalcDDtablePBN(fx_table_deal_pbn("xyz"), &t), RETURN_PBN_FAULT, "CalcDDtablePBN(\"xyz\")");
  CHECK_RC(CalcParPBN(fx_table_deal_pbn("xyz"), &t, 0, &p), RETURN_PBN_FAULT, "CalcParPBN(\"xyz\")");
  CHECK_RC(AnalysePlayPBN(dp, fx_play_pbn(r), &sp, 0), RETURN_PBN_FAULT, "AnalysePlayPBN(\"\")");
  fill_boards(3, 0);
  strcpy(bop.deals[1].remainCards, "xyz");
  CHECK_RC(SolveAllBoards(&bop, &solved), RETURN_PBN_FAULT, "SolveAllBoards(one \"xyz\")");
  CHECK_RC(SolveAllChunksPBN(&bop, &solved, 1), RETURN_PBN_FAULT, "SolveAllChunksPBN(one \"xyz\")");
  plPBN.noOfBoards = 3;
  for (i = 0; i < 3; i++)
    plPBN.plays[i] = fx_play_pbn(&recs[i % nrec]);
  CHECK_RC(AnalyseAllPlaysPBN(&bop, &plPBN, &splays, 1), RETURN_PBN_FAULT, "AnalyseAllPlaysPBN(one \"xyz\")");
  memset(&tdealsPBN, 0, sizeof(tdealsPBN));
  tdealsPBN.noOfTables = 2;
  strcpy(tdealsPBN.deals[0].cards, r->pbn);
  strcpy(tdealsPBN.deals[1].cards, "xyz");
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, -1, filter_all, &tres, &pres), RETURN_PBN_FAULT,
           "CalcAllTablesPBN(one \"xyz\")");
  /* A PBN deal with a 12-card hand is read; the card count is wrong */
  {
    char shortE[80];
    strcpy(shortE, "N:QJ6.K652.J85.T98 873.J97.AT764.Q K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
    CHECK_RC(CalcDDtablePBN(fx_table_deal_pbn(shortE), &t), RETURN_CARD_COUNT, "CalcDDtablePBN(East holds 12 cards)");
  }

  /* Errors inside batches */
  fill_boards(3, 0);
  bo.target[2] = bop.target[2] = 14;
  CHECK_RC(SolveAllBoards(&bop, &solved), RETURN_TARGET_WRONG_HI, "SolveAllBoards(one target 14)");
  CHECK_RC(SolveAllChunksBin(&bo, &solved, 1), RETURN_TARGET_WRONG_HI, "SolveAllChunksBin(one target 14)");
  memset(&td, 0, sizeof(td));
  memcpy(td.cards, r->cards, sizeof(td.cards));
  td.cards[0][1] &= ~(1u << 2);
  td.cards[0][3] |= 1u << 12;
  CHECK_RC(CalcDDtable(td, &t), RETURN_DUPLICATE_CARDS, "CalcDDtable(duplicated card)");
  memset(&tdeals, 0, sizeof(tdeals));
  tdeals.noOfTables = 1;
  tdeals.deals[0] = td;
  CHECK_RC(CalcAllTables(&tdeals, -1, filter_all, &tres, &pres), RETURN_DUPLICATE_CARDS,
           "CalcAllTables(duplicated card)");

  /* Too many boards */
  fill_boards(3, 0);
  bo.noOfBoards = bop.noOfBoards = MAXNOOFBOARDS + 1;
  CHECK_RC(SolveAllBoards(&bop, &solved), RETURN_TOO_MANY_BOARDS, "SolveAllBoards(201 boards)");
  CHECK_RC(SolveAllChunksPBN(&bop, &solved, 1), RETURN_TOO_MANY_BOARDS, "SolveAllChunksPBN(201 boards)");
  CHECK_RC(SolveAllChunks(&bop, &solved, 1), RETURN_TOO_MANY_BOARDS, "SolveAllChunks(201 boards)");
  CHECK_RC(SolveAllChunksBin(&bo, &solved, 1), RETURN_TOO_MANY_BOARDS, "SolveAllChunksBin(201 boards)");
  if (SolveAllBoardsBin)
    CHECK_RC(SolveAllBoardsBin(&bo, &solved), RETURN_TOO_MANY_BOARDS, "SolveAllBoardsBin(201 boards)");
  plBin.noOfBoards = plPBN.noOfBoards = MAXNOOFBOARDS + 1;
  CHECK_RC(AnalyseAllPlaysBin(&bo, &plBin, &splays, 1), RETURN_TOO_MANY_BOARDS, "AnalyseAllPlaysBin(201 boards)");
  CHECK_RC(AnalyseAllPlaysPBN(&bop, &plPBN, &splays, 1), RETURN_TOO_MANY_BOARDS, "AnalyseAllPlaysPBN(201 boards)");

  /* Chunk size */
  fill_boards(3, 0);
  CHECK_RC(SolveAllChunks(&bop, &solved, 0), RETURN_CHUNK_SIZE, "SolveAllChunks(chunk 0)");
  CHECK_RC(SolveAllChunksPBN(&bop, &solved, 0), RETURN_CHUNK_SIZE, "SolveAllChunksPBN(chunk 0)");
  CHECK_RC(SolveAllChunksBin(&bo, &solved, -5), RETURN_CHUNK_SIZE, "SolveAllChunksBin(chunk -5)");

  /* CalcAllTables: strain filter and table count */
  memset(&tdeals, 0, sizeof(tdeals));
  tdeals.noOfTables = 41;
  for (i = 0; i < 101; i++)
    memcpy(tdeals.deals[i].cards, recs[i % nrec].cards, sizeof(tdeals.deals[i].cards));
  CHECK_RC(CalcAllTables(&tdeals, -1, filter_none, &tres, &pres), RETURN_NO_SUIT, "CalcAllTables(no strain)");
  CHECK_RC(CalcAllTables(&tdeals, -1, filter_all, &tres, &pres), RETURN_TOO_MANY_TABLES,
           "CalcAllTables(41 tables, 5 strains)");
  tdeals.noOfTables = 101;
  CHECK_RC(CalcAllTables(&tdeals, -1, filter_two, &tres, &pres), RETURN_TOO_MANY_TABLES,
           "CalcAllTables(101 tables, 2 strains)");
  memset(&tdealsPBN, 0, sizeof(tdealsPBN));
  tdealsPBN.noOfTables = 41;
  for (i = 0; i < 41; i++)
    strcpy(tdealsPBN.deals[i].cards, recs[i % nrec].pbn);
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, 0, filter_none, &tres, &pres), RETURN_NO_SUIT, "CalcAllTablesPBN(no strain)");
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, 0, filter_all, &tres, &pres), RETURN_TOO_MANY_TABLES,
           "CalcAllTablesPBN(41 tables, 5 strains)");

  /* Bad play traces */
  leader = r->first;
  /* a card the leader does not hold: the first card of the suit held by the leader's LHO */
  for (suit = 0, rank = 0; suit < 4 && !rank; suit++)
    for (i = 14; i >= 2; i--)
      if (r->cards[(leader + 1) % 4][suit] & (1u << i))
      {
        rank = i;
        break;
      }
  suit--;
  memset(&pp, 0, sizeof(pp));
  pp.number = 1;
  pp.cards[0] = fx_suit_chars[suit];
  pp.cards[1] = fx_rank_chars[rank];
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayPBN(card not held)");
  memset(&pb, 0, sizeof(pb));
  pb.number = 1;
  pb.suit[0] = suit;
  pb.rank[0] = rank;
  CHECK_RC(AnalysePlayBin(fx_deal_bin(r), pb, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayBin(card not held)");
  /* the second card is the leader's own again */
  pb = fx_play_bin(r);
  pb.number = 2;
  pb.suit[1] = pb.suit[0];
  pb.rank[1] = pb.rank[0];
  CHECK_RC(AnalysePlayBin(fx_deal_bin(r), pb, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayBin(second card not held)");
  pp = fx_play_pbn(r);
  pp.cards[2] = 'X';
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayPBN(suit 'X')");
  pp = fx_play_pbn(r);
  pp.cards[3] = '1';
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayPBN(rank '1')");
  pp = fx_play_pbn(r);
  pp.number = 53;
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayPBN(53 cards)");
  pp.number = -1;
  CHECK_RC(AnalysePlayPBN(fx_deal_pbn(r), pp, &sp, 0), RETURN_PLAY_FAULT, "AnalysePlayPBN(-1 cards)");
  /* the deal is checked as SolveBoard checks it */
  d = d0;
  d.remainCards[0][1] &= ~(1u << 2);
  d.remainCards[1][1] |= 1u << 2;
  CHECK_RC(AnalysePlayBin(d, fx_play_bin(r), &sp, 0), RETURN_CARD_COUNT, "AnalysePlayBin(12 and 14 cards)");
  d = d0;
  d.trump = 7;
  CHECK_RC(AnalysePlayBin(d, fx_play_bin(r), &sp, 0), RETURN_TRUMP_WRONG, "AnalysePlayBin(trump 7)");

  fill_boards(3, 0);
  plBin.noOfBoards = 3;
  for (i = 0; i < 3; i++)
    plBin.plays[i] = fx_play_bin(&recs[i % nrec]);
  plBin.plays[1] = pb;
  CHECK_RC(AnalyseAllPlaysBin(&bo, &plBin, &splays, 1), RETURN_PLAY_FAULT, "AnalyseAllPlaysBin(one bad trace)");
  plBin.plays[1] = fx_play_bin(&recs[1 % nrec]);
  plBin.noOfBoards = 2;
  CHECK_RC(AnalyseAllPlaysBin(&bo, &plBin, &splays, 1), RETURN_UNKNOWN_FAULT,
           "AnalyseAllPlaysBin(3 boards, 2 traces)");
  plPBN.noOfBoards = 3;
  for (i = 0; i < 3; i++)
    plPBN.plays[i] = fx_play_pbn(&recs[i % nrec]);
  plPBN.plays[2].cards[0] = 'X';
  CHECK_RC(AnalyseAllPlaysPBN(&bop, &plPBN, &splays, 1), RETURN_PLAY_FAULT, "AnalyseAllPlaysPBN(one bad trace)");

}

/* ------------------------------------------------------------------ */
/* SolveBoard's mode and the last trick                                */
/* ------------------------------------------------------------------ */

static void test_modes(void)
{
  struct deal d;
  struct futureTricks fut;
  int rc, mode, real;

  /* North led SA; East (to play) holds one spade, S2: a single legal card. NT.
     N: H2  E: S2 H3  S: S3 H4  W: S4 H5. North wins trick 1, West trick 2: EW take 1. */
  memset(&d, 0, sizeof(d));
  d.trump = 4;
  d.first = 0;
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 14;
  d.remainCards[0][1] = 1u << 2;
  d.remainCards[1][0] = 1u << 2;
  d.remainCards[1][1] = 1u << 3;
  d.remainCards[2][0] = 1u << 3;
  d.remainCards[2][1] = 1u << 4;
  d.remainCards[3][0] = 1u << 4;
  d.remainCards[3][1] = 1u << 5;
  memset(&fut, 0, sizeof(fut));
  rc = SolveBoard(d, -1, 1, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 2 && fut.equals[0] == 0 && fut.score[0] == -2,
        "mode 0, one legal card: rc %d cards %d suit %d rank %d equals %d score %d, expected 1 1 0 2 0 -2", rc,
        fut.cards, fut.suit[0], fut.rank[0], fut.equals[0], fut.score[0]);
  rc = SolveBoard(d, -1, 3, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.score[0] == -2, "mode 0, solutions 3, one legal card: rc %d cards %d score %d",
        rc, fut.cards, fut.score[0]);
  rc = SolveBoard(d, 1, 1, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.score[0] == -2, "mode 0, target 1, one legal card: rc %d cards %d score %d",
        rc, fut.cards, fut.score[0]);
  for (mode = 1; mode <= 2; mode++)
  {
    rc = SolveBoard(d, -1, 1, mode, &fut, 0);
    CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 2 && fut.score[0] == 1,
          "mode %d, one legal card: rc %d cards %d suit %d rank %d score %d, expected 1 1 0 2 1", mode, rc, fut.cards,
          fut.suit[0], fut.rank[0], fut.score[0]);
  }

  /* East holds S3 S2 (equivalent: one card group) and H3: still a single move for mode 0.
     N: H6 H2  E: S3 S2 H3  S: S4 H7 H4  W: S5 H8 H5, North led SA. */
  memset(&d, 0, sizeof(d));
  d.trump = 4;
  d.first = 0;
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 14;
  d.remainCards[0][1] = (1u << 6) | (1u << 2);
  d.remainCards[1][0] = (1u << 3) | (1u << 2);
  d.remainCards[1][1] = 1u << 3;
  d.remainCards[2][0] = 1u << 4;
  d.remainCards[2][1] = (1u << 7) | (1u << 4);
  d.remainCards[3][0] = 1u << 5;
  d.remainCards[3][1] = (1u << 8) | (1u << 5);
  rc = SolveBoard(d, -1, 1, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 3 && fut.equals[0] == 4 && fut.score[0] == -2,
        "mode 0, one group (S3 S2): rc %d cards %d suit %d rank %d equals %d score %d, expected 1 1 0 3 4 -2", rc,
        fut.cards, fut.suit[0], fut.rank[0], fut.equals[0], fut.score[0]);
  rc = SolveBoard(d, -1, 3, 1, &fut, 0);
  real = fut.score[0];
  CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 3 && fut.equals[0] == 4 && real == 1,
        "mode 1, one group (S3 S2): rc %d cards %d suit %d rank %d equals %d score %d, expected 1 1 0 3 4 1", rc,
        fut.cards, fut.suit[0], fut.rank[0], fut.equals[0], real);
  rc = SolveBoard(d, -1, 1, 2, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.score[0] == real, "mode 2, one group: rc %d score %d, expected %d", rc,
        fut.score[0], real);

  /* Two legal cards: mode 0 searches as mode 1 does */
  d.remainCards[1][0] = (1u << 4) | (1u << 2); /* East: S4 S2 (split by South's S3) */
  d.remainCards[2][0] = 1u << 3;
  rc = SolveBoard(d, -1, 1, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.score[0] >= 0, "mode 0, two legal cards: rc %d cards %d score %d", rc,
        fut.cards, fut.score[0]);

  /* The last trick is not searched: mode 0 gives the real score (no -2). North leads; NT.
     N: SA  E: S2  S: S3  W: S4 -> North's side wins it. */
  memset(&d, 0, sizeof(d));
  d.trump = 4;
  d.first = 0;
  d.remainCards[0][0] = 1u << 14;
  d.remainCards[1][0] = 1u << 2;
  d.remainCards[2][0] = 1u << 3;
  d.remainCards[3][0] = 1u << 4;
  for (mode = 0; mode <= 2; mode++)
  {
    rc = SolveBoard(d, -1, 1, mode, &fut, 0);
    CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 14 && fut.score[0] == 1,
          "last trick, mode %d: rc %d cards %d suit %d rank %d score %d, expected 1 1 0 14 1", mode, rc, fut.cards,
          fut.suit[0], fut.rank[0], fut.score[0]);
  }
  rc = SolveBoard(d, 0, 1, 1, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.score[0] == 0, "last trick, target 0: rc %d cards %d score %d", rc, fut.cards,
        fut.score[0]);
  /* ... and with SA on the table, East to play its last card: EW take 0 */
  d.remainCards[0][0] = 0;
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 14;
  rc = SolveBoard(d, -1, 3, 0, &fut, 0);
  CHECK(rc == 1 && fut.cards == 1 && fut.suit[0] == 0 && fut.rank[0] == 2 && fut.score[0] == 0,
        "last trick, SA on the table, mode 0: rc %d cards %d suit %d rank %d score %d, expected 1 1 0 2 0", rc,
        fut.cards, fut.suit[0], fut.rank[0], fut.score[0]);
}

/* ------------------------------------------------------------------ */
/* Resources and threading                                             */
/* ------------------------------------------------------------------ */

static void solve_record0(const char *when)
{
  struct futureTricks fut;
  int rc;
  memset(&fut, 0, sizeof(fut));
  rc = SolveBoardPBN(fx_deal_pbn(&recs[0]), -1, 3, 1, &fut, 0);
  CHECK(rc == 1 && fx_fut_equal(&recs[0], &fut, why, sizeof(why)), "SolveBoardPBN %s: rc %d %s", when, rc,
        rc == 1 ? why : "");
}

static void test_resources(void)
{
  struct DDSInfo i2;
  struct ddTableResults t;
  struct futureTricks fut;
  int rc;

  SetResources(100, 1);
  memset(&i2, 0, sizeof(i2));
  GetDDSInfo(&i2);
  CHECK(i2.noOfThreads == 1, "SetResources(100, 1): noOfThreads %d, expected 1", i2.noOfThreads);
  solve_record0("after SetResources(100, 1)");
  CHECK_RC(SolveBoardPBN(fx_deal_pbn(&recs[0]), -1, 1, 1, &fut, 1), RETURN_THREAD_INDEX,
           "SolveBoardPBN(threadIndex 1) after SetResources(100, 1)");
  rc = CalcDDtablePBN(fx_table_deal_pbn(recs[0].pbn), &t);
  CHECK(rc == 1 && fx_table_equal(&recs[0], &t, why, sizeof(why)), "CalcDDtablePBN after SetResources(100, 1): rc %d %s",
        rc, rc == 1 ? why : "");

  SetMaxThreads(0);
  memset(&i2, 0, sizeof(i2));
  GetDDSInfo(&i2);
  CHECK(i2.noOfThreads == info.noOfThreads, "SetMaxThreads(0): noOfThreads %d, expected %d (as at start)",
        i2.noOfThreads, info.noOfThreads);
  SetMaxThreads(1);
  GetDDSInfo(&i2);
  CHECK(i2.noOfThreads == 1, "SetMaxThreads(1): noOfThreads %d, expected 1", i2.noOfThreads);
  SetMaxThreads(-3);
  GetDDSInfo(&i2);
  CHECK(i2.noOfThreads == info.noOfThreads, "SetMaxThreads(-3): noOfThreads %d, expected %d", i2.noOfThreads,
        info.noOfThreads);
  SetResources(0, 0);
  solve_record0("after SetResources(0, 0)");

  CHECK_RC(SetThreading(0), RETURN_NO_FAULT, "SetThreading(0) (no threading)");
  CHECK_RC(SetThreading(-1), RETURN_THREAD_MISSING, "SetThreading(-1)");
  CHECK_RC(SetThreading(99), RETURN_THREAD_MISSING, "SetThreading(99)");
  rc = CalcDDtablePBN(fx_table_deal_pbn(recs[0].pbn), &t);
  CHECK(rc == 1 && fx_table_equal(&recs[0], &t, why, sizeof(why)), "CalcDDtablePBN after SetThreading(0): rc %d %s",
        rc, rc == 1 ? why : "");
  CHECK_RC(SetThreading(info.threading), RETURN_NO_FAULT, "SetThreading(the threading GetDDSInfo reported)");
  SetMaxThreads(0);
  solve_record0("after SetThreading and SetMaxThreads(0)");

  /* DDS 2.9 crashes when it solves right after FreeMemory (its transposition
     tables are gone until SetResources builds them again): solving straight
     after FreeMemory is our expectation only. */
  FreeMemory();
  FreeMemory();
  SetMaxThreads(0);
  solve_record0("after FreeMemory and SetMaxThreads(0)");
  if (ours)
  {
    FreeMemory();
    solve_record0("right after FreeMemory");
    FreeMemory();
    FreeMemory();
    solve_record0("right after FreeMemory twice");
  }
  FreeMemory();
}

/* ------------------------------------------------------------------ */
/* NULL pointers (--ours: DDS itself crashes on these)                 */
/* ------------------------------------------------------------------ */

static void test_null_pointers(void)
{
  const struct fx_record *r = &recs[0];
  struct deal d0 = fx_deal_bin(r);
  struct dealPBN dp = fx_deal_pbn(r);
  struct ddTableResults t = fx_results_table(r);
  struct parResults p;
  struct parResultsDealer pd[2];
  struct parResultsMaster pm[2];
  struct parTextResults ptext;
  struct solvedPlay sp;
  char text[1024];
  int filter[5] = {0, 0, 0, 0, 0}, filter_s[5] = {0, 1, 1, 1, 1};
  const int U = RETURN_UNKNOWN_FAULT;

  CHECK_RC(SolveBoard(d0, -1, 1, 1, NULL, 0), U, "SolveBoard(futp NULL)");
  CHECK_RC(SolveBoardPBN(dp, -1, 1, 1, NULL, 0), U, "SolveBoardPBN(futp NULL)");
  CHECK_RC(CalcDDtable(fx_table_deal_bin(r), NULL), U, "CalcDDtable(tablep NULL)");
  CHECK_RC(CalcDDtablePBN(fx_table_deal_pbn(r->pbn), NULL), U, "CalcDDtablePBN(tablep NULL)");

  memset(&tdeals, 0, sizeof(tdeals));
  tdeals.noOfTables = 1;
  memcpy(tdeals.deals[0].cards, r->cards, sizeof(tdeals.deals[0].cards));
  memset(&tdealsPBN, 0, sizeof(tdealsPBN));
  tdealsPBN.noOfTables = 1;
  strcpy(tdealsPBN.deals[0].cards, r->pbn);
  CHECK_RC(CalcAllTables(NULL, -1, filter, &tres, &pres), U, "CalcAllTables(dealsp NULL)");
  CHECK_RC(CalcAllTables(&tdeals, -1, NULL, &tres, &pres), U, "CalcAllTables(trumpFilter NULL)");
  CHECK_RC(CalcAllTables(&tdeals, -1, filter, NULL, &pres), U, "CalcAllTables(resp NULL)");
  CHECK_RC(CalcAllTables(&tdeals, 0, filter, &tres, NULL), U, "CalcAllTables(mode 0, presp NULL)");
  CHECK_RC(CalcAllTablesPBN(NULL, -1, filter, &tres, &pres), U, "CalcAllTablesPBN(dealsp NULL)");
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, -1, NULL, &tres, &pres), U, "CalcAllTablesPBN(trumpFilter NULL)");
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, -1, filter, NULL, &pres), U, "CalcAllTablesPBN(resp NULL)");
  /* No par asked (mode -1, or a strain filtered out): DDS never reads presp, NULL is fine. */
  CHECK_RC(CalcAllTablesPBN(&tdealsPBN, -1, filter, &tres, NULL), RETURN_NO_FAULT, "CalcAllTablesPBN(mode -1, presp NULL)");
  CHECK_RC(CalcAllTables(&tdeals, 0, filter_s, &tres, NULL), RETURN_NO_FAULT,
           "CalcAllTables(mode 0, spades only, presp NULL)");

  fill_boards(2, 0);
  CHECK_RC(SolveAllBoards(NULL, &solved), U, "SolveAllBoards(bop NULL)");
  CHECK_RC(SolveAllBoards(&bop, NULL), U, "SolveAllBoards(solvedp NULL)");
  CHECK_RC(SolveAllChunks(NULL, &solved, 1), U, "SolveAllChunks(bop NULL)");
  CHECK_RC(SolveAllChunksPBN(&bop, NULL, 1), U, "SolveAllChunksPBN(solvedp NULL)");
  CHECK_RC(SolveAllChunksBin(NULL, &solved, 1), U, "SolveAllChunksBin(bop NULL)");
  CHECK_RC(SolveAllChunksBin(&bo, NULL, 1), U, "SolveAllChunksBin(solvedp NULL)");
  if (SolveAllBoardsBin)
  {
    CHECK_RC(SolveAllBoardsBin(NULL, &solved), U, "SolveAllBoardsBin(bop NULL)");
    CHECK_RC(SolveAllBoardsBin(&bo, NULL), U, "SolveAllBoardsBin(solvedp NULL)");
  }

  CHECK_RC(Par(NULL, &p, 0), U, "Par(tablep NULL)");
  CHECK_RC(Par(&t, NULL, 0), U, "Par(presp NULL)");
  CHECK_RC(CalcPar(fx_table_deal_bin(r), 0, NULL, &p), U, "CalcPar(tablep NULL)");
  CHECK_RC(CalcPar(fx_table_deal_bin(r), 0, &t, NULL), U, "CalcPar(presp NULL)");
  CHECK_RC(CalcParPBN(fx_table_deal_pbn(r->pbn), NULL, 0, &p), U, "CalcParPBN(tablep NULL)");
  CHECK_RC(CalcParPBN(fx_table_deal_pbn(r->pbn), &t, 0, NULL), U, "CalcParPBN(presp NULL)");
  CHECK_RC(SidesPar(NULL, pd, 0), U, "SidesPar(tablep NULL)");
  CHECK_RC(SidesPar(&t, NULL, 0), U, "SidesPar(sidesRes NULL)");
  CHECK_RC(DealerPar(NULL, pd, 0, 0), U, "DealerPar(tablep NULL)");
  CHECK_RC(DealerPar(&t, NULL, 0, 0), U, "DealerPar(presp NULL)");
  CHECK_RC(DealerParBin(NULL, pm, 0, 0), U, "DealerParBin(tablep NULL)");
  CHECK_RC(DealerParBin(&t, NULL, 0, 0), U, "DealerParBin(presp NULL)");
  CHECK_RC(SidesParBin(NULL, pm, 0), U, "SidesParBin(tablep NULL)");
  CHECK_RC(SidesParBin(&t, NULL, 0), U, "SidesParBin(sidesRes NULL)");
  memset(pm, 0, sizeof(pm));
  CHECK_RC(SidesParBin(&t, pm, 0), RETURN_NO_FAULT, "SidesParBin");
  CHECK_RC(ConvertToDealerTextFormat(NULL, text), U, "ConvertToDealerTextFormat(pres NULL)");
  CHECK_RC(ConvertToDealerTextFormat(pm, NULL), U, "ConvertToDealerTextFormat(resp NULL)");
  CHECK_RC(ConvertToSidesTextFormat(NULL, &ptext), U, "ConvertToSidesTextFormat(pres NULL)");
  CHECK_RC(ConvertToSidesTextFormat(pm, NULL), U, "ConvertToSidesTextFormat(resp NULL)");

  CHECK_RC(AnalysePlayBin(d0, fx_play_bin(r), NULL, 0), U, "AnalysePlayBin(solved NULL)");
  CHECK_RC(AnalysePlayPBN(dp, fx_play_pbn(r), NULL, 0), U, "AnalysePlayPBN(solvedp NULL)");
  fill_boards(2, 0);
  plBin.noOfBoards = plPBN.noOfBoards = 2;
  plBin.plays[0] = fx_play_bin(&recs[0]);
  plBin.plays[1] = fx_play_bin(&recs[1 % nrec]);
  plPBN.plays[0] = fx_play_pbn(&recs[0]);
  plPBN.plays[1] = fx_play_pbn(&recs[1 % nrec]);
  CHECK_RC(AnalyseAllPlaysBin(NULL, &plBin, &splays, 1), U, "AnalyseAllPlaysBin(bop NULL)");
  CHECK_RC(AnalyseAllPlaysBin(&bo, NULL, &splays, 1), U, "AnalyseAllPlaysBin(plp NULL)");
  CHECK_RC(AnalyseAllPlaysBin(&bo, &plBin, NULL, 1), U, "AnalyseAllPlaysBin(solvedp NULL)");
  CHECK_RC(AnalyseAllPlaysPBN(NULL, &plPBN, &splays, 1), U, "AnalyseAllPlaysPBN(bopPBN NULL)");
  CHECK_RC(AnalyseAllPlaysPBN(&bop, NULL, &splays, 1), U, "AnalyseAllPlaysPBN(plpPBN NULL)");
  CHECK_RC(AnalyseAllPlaysPBN(&bop, &plPBN, NULL, 1), U, "AnalyseAllPlaysPBN(solvedp NULL)");

  GetDDSInfo(NULL);
  ErrorMessage(RETURN_NO_FAULT, NULL);
  ErrorMessage(12345, NULL);

  /* Still working afterwards */
  solve_record0("after the NULL-pointer calls");
  memset(&sp, 0, sizeof(sp));
  CHECK(AnalysePlayPBN(dp, fx_play_pbn(r), &sp, 0) == 1 && trace_equal(r, &sp), "AnalysePlayPBN after the NULL calls: %s",
        why);
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
  int i;
  if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "--ours") != 0))
  {
    fprintf(stderr, "usage: %s HAND-FILE [--ours]\n", argv[0]);
    return 2;
  }
  ours = argc == 3;
  nrec = fx_load(argv[1], &recs);
  if (nrec == 0)
    return 2;
  for (i = 0; i < nrec; i++)
    if (!recs[i].has_fut || !recs[i].has_table || !recs[i].has_par || !recs[i].has_par2 || !recs[i].has_play ||
        !recs[i].has_trace)
    {
      fprintf(stderr, "%s:%d: the record lacks a FUT, TABLE, PAR, PAR2, PLAY or TRACE line\n", argv[1], recs[i].line);
      return 2;
    }
  nbatch = nrec < 10 ? nrec : 10;
  setvbuf(stdout, NULL, _IOLBF, 0);

  test_info();
  printf("== ErrorMessage\n");
  test_error_messages();
  printf("== %d records of %s\n", nrec, argv[1]);
  for (i = 0; i < nrec; i++)
  {
    test_solve_board(&recs[i]);
    test_table(&recs[i], i < 3);
    test_par(&recs[i]);
    test_play(&recs[i]);
  }
  printf("== batches (%d records)\n", nbatch);
  test_batches();
  printf("== status codes\n");
  test_status_codes();
  printf("== modes\n");
  test_modes();
  if (ours)
  {
    printf("== NULL pointers\n");
    test_null_pointers();
  }
  printf("== resources and threading\n");
  test_resources();

  printf("functions: %d checks, %d failures\n", fx_checks, fx_failures);
  return fx_failures ? 1 : 0;
}
