/*
 * Shared helpers of the C test programs (functions.c, handle.c, stress.c, threads.c): a reader
 * for DDS's "txt" hand files (fixtures/dds-hands/list*.txt, format in
 * fixtures/dds-hands/PROVENANCE.md), card conversions and a failure counter.
 *
 * Header-only (static functions) so that each program stays one `cc` call.
 * Uses nothing but the C library and DDS's own <dds/dll.h>.
 */
#ifndef DDS_CAPI_TEST_FIXTURE_H
#define DDS_CAPI_TEST_FIXTURE_H

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dds/dll.h>

/* ------------------------------------------------------------------ */
/* Failure counting                                                    */
/* ------------------------------------------------------------------ */

/* Every helper is static and may go unused in a program: no -Wunused warning. */
#define FX_FN static __attribute__((unused))

/* Updated with atomic adds: threads.c checks from several threads. */
static int fx_checks = 0;
static int fx_failures = 0;

FX_FN void fx_fail_at(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

FX_FN void fx_fail_at(int line, const char *fmt, ...)
{
  va_list ap;
  __sync_fetch_and_add(&fx_failures, 1);
  printf("FAIL (line %d): ", line);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  fflush(stdout);
}

/* CHECK(condition, printf-format, args...): counts a check, reports a failure. */
#define CHECK(cond, ...)                 \
  do                                     \
  {                                      \
    __sync_fetch_and_add(&fx_checks, 1); \
    if (!(cond))                         \
      fx_fail_at(__LINE__, __VA_ARGS__); \
  } while (0)

/* CHECK_RC(got, want, what): a status code. */
#define CHECK_RC(got, want, what) \
  CHECK((got) == (want), "%s: returned %d, expected %d (%s)", (what), (got), (want), #want)

/* ------------------------------------------------------------------ */
/* Cards                                                               */
/* ------------------------------------------------------------------ */

static const char fx_suit_chars[] = "SHDC";
static const char fx_rank_chars[] = "??23456789TJQKA";
static const char fx_seat_chars[] = "NESW";

FX_FN int fx_suit_of(char c)
{
  const char *p = strchr(fx_suit_chars, toupper((unsigned char)c));
  return (c != '\0' && p) ? (int)(p - fx_suit_chars) : -1;
}

FX_FN int fx_rank_of(char c)
{
  int r;
  c = (char)toupper((unsigned char)c);
  for (r = 2; r <= 14; r++)
    if (fx_rank_chars[r] == c)
      return r;
  return -1;
}

/* Strict PBN "X:h h h h" -> remainCards (rank r at bit r). 1 on success. */
FX_FN int fx_pbn_to_bin(const char *pbn, unsigned int cards[DDS_HANDS][DDS_SUITS])
{
  const char *seat;
  int hand, suit = 0, hands_seen = 1;
  memset(cards, 0, sizeof(unsigned int) * DDS_HANDS * DDS_SUITS);
  seat = strchr(fx_seat_chars, toupper((unsigned char)pbn[0]));
  if (pbn[0] == '\0' || !seat || pbn[1] != ':')
    return 0;
  hand = (int)(seat - fx_seat_chars);
  for (pbn += 2; *pbn; pbn++)
  {
    if (*pbn == '.')
    {
      if (++suit > 3)
        return 0;
    }
    else if (*pbn == ' ')
    {
      if (suit != 3 || ++hands_seen > 4)
        return 0;
      hand = (hand + 1) % 4;
      suit = 0;
    }
    else
    {
      int r = fx_rank_of(*pbn);
      if (r < 0)
        return 0;
      cards[hand][suit] |= 1u << r;
    }
  }
  return hands_seen == 4 && suit == 3;
}

/* remainCards -> "N:..." (buffer of at least 80 chars). */
FX_FN void fx_bin_to_pbn(const unsigned int cards[DDS_HANDS][DDS_SUITS], char *out)
{
  int h, s, r;
  char *p = out;
  *p++ = 'N';
  *p++ = ':';
  for (h = 0; h < 4; h++)
  {
    if (h)
      *p++ = ' ';
    for (s = 0; s < 4; s++)
    {
      if (s)
        *p++ = '.';
      for (r = 14; r >= 2; r--)
        if (cards[h][s] & (1u << r))
          *p++ = fx_rank_chars[r];
    }
  }
  *p = '\0';
}

/* ------------------------------------------------------------------ */
/* The hand file                                                       */
/* ------------------------------------------------------------------ */

struct fx_record
{
  int line; /* line of the PBN line, for messages */
  int dealer, vul, trump, first;
  char pbn[80];
  unsigned int cards[DDS_HANDS][DDS_SUITS];

  int has_fut, fut_n;
  int fut_suit[13], fut_rank[13], fut_equals[13], fut_score[13];

  int has_table;
  int table[DDS_STRAINS][DDS_HANDS]; /* resTable order */

  int has_par;
  char par_score[2][16];
  char par_contracts[2][128];

  int has_par2, par2_score, par2_n;
  char par2_contracts[10][10];

  int has_play, play_n;
  char play[106]; /* PBN trace text, "CTC4..." */
  int play_suit[52], play_rank[52];

  int has_trace, trace_n;
  int trace[53];
};

#define FX_MAX_TOKENS 128
#define FX_TOKEN_LEN 128

/* Splits a line into words and "quoted strings" (quotes removed). */
FX_FN int fx_tokenize(const char *line, char tokens[FX_MAX_TOKENS][FX_TOKEN_LEN], int quoted[FX_MAX_TOKENS])
{
  int n = 0;
  const char *p = line;
  for (;;)
  {
    size_t len = 0;
    while (*p && isspace((unsigned char)*p))
      p++;
    if (!*p)
      return n;
    if (n == FX_MAX_TOKENS)
      return -1;
    if (*p == '"')
    {
      p++;
      while (*p && *p != '"')
      {
        if (len + 1 >= FX_TOKEN_LEN)
          return -1;
        tokens[n][len++] = *p++;
      }
      if (*p != '"')
        return -1;
      p++;
      quoted[n] = 1;
    }
    else
    {
      while (*p && !isspace((unsigned char)*p))
      {
        if (len + 1 >= FX_TOKEN_LEN)
          return -1;
        tokens[n][len++] = *p++;
      }
      quoted[n] = 0;
    }
    tokens[n][len] = '\0';
    n++;
  }
}

FX_FN int fx_int(const char *text, int *value)
{
  char *end;
  long v = strtol(text, &end, 10);
  if (end == text || *end != '\0')
    return 0;
  *value = (int)v;
  return 1;
}

FX_FN int fx_parse_error(const char *path, int line, const char *what)
{
  fprintf(stderr, "%s:%d: cannot parse the %s line\n", path, line, what);
  return 0;
}

/* Loads every record of a hand file. Returns the number of records, or 0. */
FX_FN int fx_load(const char *path, struct fx_record **out)
{
  static char tokens[FX_MAX_TOKENS][FX_TOKEN_LEN];
  static int quoted[FX_MAX_TOKENS];
  char line[4096];
  int count = 0, capacity = 16, lineno = 0;
  struct fx_record *recs;
  FILE *f = fopen(path, "r");
  if (!f)
  {
    fprintf(stderr, "cannot open %s\n", path);
    return 0;
  }
  recs = (struct fx_record *)calloc((size_t)capacity, sizeof(*recs));
  while (fgets(line, sizeof(line), f))
  {
    struct fx_record *r;
    int n, i, v;
    lineno++;
    n = fx_tokenize(line, tokens, quoted);
    if (n < 0)
      return fx_parse_error(path, lineno, "any");
    if (n == 0 || strcmp(tokens[0], "NUMBER") == 0)
      continue;
    if (strcmp(tokens[0], "PBN") == 0)
    {
      if (count == capacity)
      {
        capacity *= 2;
        recs = (struct fx_record *)realloc(recs, (size_t)capacity * sizeof(*recs));
      }
      r = &recs[count++];
      memset(r, 0, sizeof(*r));
      r->line = lineno;
      if (n != 6 || !quoted[5] || !fx_int(tokens[1], &r->dealer) || !fx_int(tokens[2], &r->vul) ||
          !fx_int(tokens[3], &r->trump) || !fx_int(tokens[4], &r->first) || strlen(tokens[5]) >= 80)
        return fx_parse_error(path, lineno, "PBN");
      strcpy(r->pbn, tokens[5]);
      if (!fx_pbn_to_bin(r->pbn, r->cards))
        return fx_parse_error(path, lineno, "PBN deal of the PBN");
      continue;
    }
    if (count == 0)
      return fx_parse_error(path, lineno, "first (no PBN line before it)");
    r = &recs[count - 1];
    if (strcmp(tokens[0], "FUT") == 0)
    {
      if (n < 2 || !fx_int(tokens[1], &r->fut_n) || r->fut_n < 1 || r->fut_n > 13 || n != 2 + 4 * r->fut_n)
        return fx_parse_error(path, lineno, "FUT");
      for (i = 0; i < r->fut_n; i++)
      {
        if (!fx_int(tokens[2 + i], &r->fut_suit[i]) || !fx_int(tokens[2 + r->fut_n + i], &r->fut_rank[i]) ||
            !fx_int(tokens[2 + 2 * r->fut_n + i], &r->fut_equals[i]) ||
            !fx_int(tokens[2 + 3 * r->fut_n + i], &r->fut_score[i]))
          return fx_parse_error(path, lineno, "FUT");
      }
      r->has_fut = 1;
    }
    else if (strcmp(tokens[0], "TABLE") == 0)
    {
      if (n != 21)
        return fx_parse_error(path, lineno, "TABLE");
      for (i = 0; i < 20; i++)
        if (!fx_int(tokens[1 + i], &r->table[i / 4][i % 4]))
          return fx_parse_error(path, lineno, "TABLE");
      r->has_table = 1;
    }
    else if (strcmp(tokens[0], "PAR") == 0)
    {
      if (n != 5)
        return fx_parse_error(path, lineno, "PAR");
      for (i = 0; i < 2; i++)
      {
        if (strlen(tokens[1 + i]) >= 16 || strlen(tokens[3 + i]) >= 128)
          return fx_parse_error(path, lineno, "PAR");
        strcpy(r->par_score[i], tokens[1 + i]);
        strcpy(r->par_contracts[i], tokens[3 + i]);
      }
      r->has_par = 1;
    }
    else if (strcmp(tokens[0], "PAR2") == 0)
    {
      if (n < 3 || n > 12 || !fx_int(tokens[1], &r->par2_score))
        return fx_parse_error(path, lineno, "PAR2");
      r->par2_n = n - 2;
      for (i = 0; i < r->par2_n; i++)
      {
        if (strlen(tokens[2 + i]) >= 10)
          return fx_parse_error(path, lineno, "PAR2");
        strcpy(r->par2_contracts[i], tokens[2 + i]);
      }
      r->has_par2 = 1;
    }
    else if (strcmp(tokens[0], "PLAY") == 0)
    {
      if (n != 3 || !fx_int(tokens[1], &r->play_n) || r->play_n < 0 || r->play_n > 52 ||
          strlen(tokens[2]) != (size_t)(2 * r->play_n))
        return fx_parse_error(path, lineno, "PLAY");
      strcpy(r->play, tokens[2]);
      for (i = 0; i < r->play_n; i++)
      {
        r->play_suit[i] = fx_suit_of(r->play[2 * i]);
        r->play_rank[i] = fx_rank_of(r->play[2 * i + 1]);
        if (r->play_suit[i] < 0 || r->play_rank[i] < 0)
          return fx_parse_error(path, lineno, "PLAY");
      }
      r->has_play = 1;
    }
    else if (strcmp(tokens[0], "TRACE") == 0)
    {
      if (n < 2 || !fx_int(tokens[1], &r->trace_n) || r->trace_n < 0 || r->trace_n > 53 || n != 2 + r->trace_n)
        return fx_parse_error(path, lineno, "TRACE");
      for (i = 0; i < r->trace_n; i++)
        if (!fx_int(tokens[2 + i], &v) || (r->trace[i] = v) < 0)
          return fx_parse_error(path, lineno, "TRACE");
      r->has_trace = 1;
    }
    else
      return fx_parse_error(path, lineno, "unknown");
  }
  fclose(f);
  *out = recs;
  return count;
}

/* The record's opening-lead position as DDS's structs. */
FX_FN struct dealPBN fx_deal_pbn(const struct fx_record *r)
{
  struct dealPBN d;
  memset(&d, 0, sizeof(d));
  d.trump = r->trump;
  d.first = r->first;
  strcpy(d.remainCards, r->pbn);
  return d;
}

FX_FN struct deal fx_deal_bin(const struct fx_record *r)
{
  struct deal d;
  memset(&d, 0, sizeof(d));
  d.trump = r->trump;
  d.first = r->first;
  memcpy(d.remainCards, r->cards, sizeof(d.remainCards));
  return d;
}

/* Compares the first n entries of a futureTricks with the first n of the
 * FUT line, in order (every field but nodes): solutions 1 and 2 of target
 * -1 give a prefix of solutions 3's answer. */
FX_FN int fx_fut_prefix_equal(const struct fx_record *r, int n, const struct futureTricks *f, char *why,
                              size_t why_len)
{
  int i;
  if (f->cards != n)
  {
    snprintf(why, why_len, "cards %d, expected %d", f->cards, n);
    return 0;
  }
  for (i = 0; i < n; i++)
  {
    if (f->suit[i] != r->fut_suit[i] || f->rank[i] != r->fut_rank[i] || f->equals[i] != r->fut_equals[i] ||
        f->score[i] != r->fut_score[i])
    {
      snprintf(why, why_len, "entry %d: suit %d rank %d equals %d score %d, expected %d %d %d %d", i, f->suit[i],
               f->rank[i], f->equals[i], f->score[i], r->fut_suit[i], r->fut_rank[i], r->fut_equals[i],
               r->fut_score[i]);
      return 0;
    }
  }
  return 1;
}

/* Compares a futureTricks with the whole FUT line. */
FX_FN int fx_fut_equal(const struct fx_record *r, const struct futureTricks *f, char *why, size_t why_len)
{
  return fx_fut_prefix_equal(r, r->fut_n, f, why, why_len);
}

/* The number of FUT entries with the best score (solutions 2's answer). */
FX_FN int fx_optimal_count(const struct fx_record *r)
{
  int k = 0;
  while (k < r->fut_n && r->fut_score[k] == r->fut_score[0])
    k++;
  return k;
}

/* The record's TABLE line as DDS's struct. */
FX_FN struct ddTableResults fx_results_table(const struct fx_record *r)
{
  struct ddTableResults t;
  memcpy(t.resTable, r->table, sizeof(t.resTable));
  return t;
}

/* A deal for the table functions, from PBN text. */
FX_FN struct ddTableDealPBN fx_table_deal_pbn(const char *pbn)
{
  struct ddTableDealPBN t;
  memset(&t, 0, sizeof(t));
  snprintf(t.cards, sizeof(t.cards), "%s", pbn);
  return t;
}

/* The record's deal for the table functions. */
FX_FN struct ddTableDeal fx_table_deal_bin(const struct fx_record *r)
{
  struct ddTableDeal t;
  memcpy(t.cards, r->cards, sizeof(t.cards));
  return t;
}

/* The record's PLAY line as a PBN trace. */
FX_FN struct playTracePBN fx_play_pbn(const struct fx_record *r)
{
  struct playTracePBN p;
  memset(&p, 0, sizeof(p));
  p.number = r->play_n;
  snprintf(p.cards, sizeof(p.cards), "%s", r->play);
  return p;
}

/* The record's PLAY line as a binary trace. */
FX_FN struct playTraceBin fx_play_bin(const struct fx_record *r)
{
  struct playTraceBin p;
  memset(&p, 0, sizeof(p));
  p.number = r->play_n;
  memcpy(p.suit, r->play_suit, sizeof(p.suit));
  memcpy(p.rank, r->play_rank, sizeof(p.rank));
  return p;
}

/* Compares a table with the TABLE line. */
FX_FN int fx_table_equal(const struct fx_record *r, const struct ddTableResults *t, char *why, size_t why_len)
{
  int s, h;
  for (s = 0; s < DDS_STRAINS; s++)
    for (h = 0; h < DDS_HANDS; h++)
      if (t->resTable[s][h] != r->table[s][h])
      {
        snprintf(why, why_len, "resTable[%d][%d] = %d, expected %d", s, h, t->resTable[s][h], r->table[s][h]);
        return 0;
      }
  return 1;
}

#endif
