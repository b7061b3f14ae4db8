/*
 * handle.c: the handle API of ddsrs.h (compiled against the library's own
 * headers, crates/dds-capi/include). For every record of a DDS hand file
 * (argv[1]): dds_calc_dd_table(_pbn) against TABLE, dds_solve_board(_pbn)
 * (target -1, solutions 3, mode 1) against FUT, dds_analyse_play(_pbn)
 * against TRACE; NULL handles and arguments give RETURN_UNKNOWN_FAULT;
 * bad positions give DDS's codes; four threads, each with its own
 * solver, check every record at once.
 *
 * Prints "loaded-from: PATH" and "handle: N checks, M failures"; exits 0
 * when there is no failure.
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

#include "ddsrs.h"
#include "fixture.h"

#define NTHREADS 4

static struct fx_record *records;
static int count;

/* Every known answer of the hand file, on one solver. */
static void check_all(dds_solver *s)
{
  for (int i = 0; i < count; i++)
  {
    const struct fx_record *r = &records[i];
    char why[256];
    struct ddTableResults table;
    struct ddTableDeal bin;
    struct ddTableDealPBN text;
    memcpy(bin.cards, r->cards, sizeof(bin.cards));
    memset(&text, 0, sizeof(text));
    strncpy(text.cards, r->pbn, sizeof(text.cards) - 1);
    if (r->has_table)
    {
      CHECK_RC(dds_calc_dd_table(s, &bin, &table), RETURN_NO_FAULT, "dds_calc_dd_table");
      CHECK(fx_table_equal(r, &table, why, sizeof(why)), "line %d: dds_calc_dd_table: %s", r->line, why);
      CHECK_RC(dds_calc_dd_table_pbn(s, &text, &table), RETURN_NO_FAULT, "dds_calc_dd_table_pbn");
      CHECK(fx_table_equal(r, &table, why, sizeof(why)), "line %d: dds_calc_dd_table_pbn: %s", r->line, why);
    }
    if (r->has_fut)
    {
      struct futureTricks fut;
      struct deal dl = fx_deal_bin(r);
      struct dealPBN dlp = fx_deal_pbn(r);
      CHECK_RC(dds_solve_board(s, &dl, -1, 3, 1, &fut), RETURN_NO_FAULT, "dds_solve_board");
      CHECK(fx_fut_equal(r, &fut, why, sizeof(why)), "line %d: dds_solve_board: %s", r->line, why);
      CHECK_RC(dds_solve_board_pbn(s, &dlp, -1, 3, 1, &fut), RETURN_NO_FAULT, "dds_solve_board_pbn");
      CHECK(fx_fut_equal(r, &fut, why, sizeof(why)), "line %d: dds_solve_board_pbn: %s", r->line, why);
    }
    if (r->has_play && r->has_trace)
    {
      struct deal dl = fx_deal_bin(r);
      struct dealPBN dlp = fx_deal_pbn(r);
      struct playTraceBin play;
      struct playTracePBN playp;
      struct solvedPlay solved;
      play.number = r->play_n;
      memcpy(play.suit, r->play_suit, sizeof(play.suit));
      memcpy(play.rank, r->play_rank, sizeof(play.rank));
      playp.number = r->play_n;
      memcpy(playp.cards, r->play, sizeof(playp.cards));
      CHECK_RC(dds_analyse_play(s, &dl, &play, &solved), RETURN_NO_FAULT, "dds_analyse_play");
      CHECK(solved.number == r->trace_n && memcmp(solved.tricks, r->trace, sizeof(int) * (size_t)r->trace_n) == 0,
            "line %d: dds_analyse_play: %d values, expected %d", r->line, solved.number, r->trace_n);
      CHECK_RC(dds_analyse_play_pbn(s, &dlp, &playp, &solved), RETURN_NO_FAULT, "dds_analyse_play_pbn");
      CHECK(solved.number == r->trace_n && memcmp(solved.tricks, r->trace, sizeof(int) * (size_t)r->trace_n) == 0,
            "line %d: dds_analyse_play_pbn: %d values, expected %d", r->line, solved.number, r->trace_n);
    }
  }
}

static void *worker(void *arg)
{
  (void)arg;
  dds_solver *s = dds_solver_new(16u << 20);
  CHECK(s != NULL, "dds_solver_new in a thread");
  if (s)
    check_all(s);
  dds_solver_free(s);
  return NULL;
}

int main(int argc, char **argv)
{
  Dl_info dl;
  if (argc < 2)
  {
    fprintf(stderr, "usage: handle HANDFILE\n");
    return 2;
  }
  if (dladdr((void *)dds_solver_new, &dl) && dl.dli_fname)
    printf("loaded-from: %s\n", dl.dli_fname);
  count = fx_load(argv[1], &records);
  if (count <= 0)
    return 2;

  CHECK(strlen(dds_version()) > 0, "dds_version is empty");
  CHECK(strcmp(dds_error_message(RETURN_PBN_FAULT), TEXT_PBN_FAULT) == 0, "dds_error_message(-99) is %s",
        dds_error_message(RETURN_PBN_FAULT));
  CHECK(strcmp(dds_error_message(12345), "Not a DDS error code") == 0, "dds_error_message(12345) is %s",
        dds_error_message(12345));

  dds_solver *s = dds_solver_new(0);
  CHECK(s != NULL, "dds_solver_new(0)");
  check_all(s);

  /* NULL handles and arguments. */
  struct ddTableResults table;
  struct futureTricks fut;
  struct deal dl0 = fx_deal_bin(&records[0]);
  struct ddTableDealPBN text;
  memset(&text, 0, sizeof(text));
  strncpy(text.cards, records[0].pbn, sizeof(text.cards) - 1);
  CHECK_RC(dds_calc_dd_table_pbn(NULL, &text, &table), RETURN_UNKNOWN_FAULT, "dds_calc_dd_table_pbn(NULL solver)");
  CHECK_RC(dds_calc_dd_table_pbn(s, NULL, &table), RETURN_UNKNOWN_FAULT, "dds_calc_dd_table_pbn(NULL deal)");
  CHECK_RC(dds_calc_dd_table_pbn(s, &text, NULL), RETURN_UNKNOWN_FAULT, "dds_calc_dd_table_pbn(NULL out)");
  CHECK_RC(dds_solve_board(s, &dl0, -1, 3, 1, NULL), RETURN_UNKNOWN_FAULT, "dds_solve_board(NULL out)");
  CHECK_RC(dds_solve_board(NULL, &dl0, -1, 3, 1, &fut), RETURN_UNKNOWN_FAULT, "dds_solve_board(NULL solver)");
  dds_solver_free(NULL);

  /* Bad positions get DDS's codes. */
  CHECK_RC(dds_solve_board(s, &dl0, 14, 1, 1, &fut), RETURN_TARGET_WRONG_HI, "dds_solve_board(target 14)");
  CHECK_RC(dds_solve_board(s, &dl0, -1, 4, 1, &fut), RETURN_SOLNS_WRONG_HI, "dds_solve_board(solutions 4)");
  struct deal dup = dl0;
  memcpy(dup.remainCards[1], dl0.remainCards[0], sizeof(dup.remainCards[1])); /* East holds North's cards too */
  CHECK_RC(dds_solve_board(s, &dup, -1, 1, 1, &fut), RETURN_DUPLICATE_CARDS, "dds_solve_board(duplicate)");
  struct dealPBN bad;
  memset(&bad, 0, sizeof(bad));
  strcpy(bad.remainCards, "xyz");
  CHECK_RC(dds_solve_board_pbn(s, &bad, -1, 1, 1, &fut), RETURN_PBN_FAULT, "dds_solve_board_pbn(bad text)");
  dds_solver_free(s);

  /* Several threads, each with its own solver. */
  pthread_t threads[NTHREADS];
  for (int t = 0; t < NTHREADS; t++)
    pthread_create(&threads[t], NULL, worker, NULL);
  for (int t = 0; t < NTHREADS; t++)
    pthread_join(threads[t], NULL);

  printf("handle: %d checks, %d failures\n", fx_checks, fx_failures);
  free(records);
  return fx_failures ? 1 : 0;
}
