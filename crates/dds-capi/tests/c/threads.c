/*
 * Eight POSIX threads call the library at once and check every answer
 * against a DDS hand file (FUT, TABLE and TRACE lines).
 *
 *   threads FIXTURE [--dds-safe] [--no-pools] [--rounds K]
 *
 * After SetMaxThreads(8), GetDDSInfo's noOfThreads (n) says how many thread
 * indices the library accepts (DDS: at most the number of cores).
 *
 * Phase 1: thread i (0..7) uses threadIndex i: SolveBoardPBN, AnalysePlayPBN
 *   and CalcDDtablePBN, K records each (default 3); an index >= n must give
 *   RETURN_THREAD_INDEX, as in DDS.
 * Phase 2: all eight threads use threadIndex 0 at the same time.
 *
 * --dds-safe keeps to what DDS 2.9 itself supports: phase 1 with
 * SolveBoardPBN and AnalysePlayPBN only (DDS's CalcDDtable and the batch
 * functions share global state and are not reentrant), no phase 2 (two
 * threads on one threadIndex share one transposition table in DDS). That is
 * how the program runs against Debian's libdds; our library must pass the
 * full run.
 *
 * --no-pools sets one thread (SetMaxThreads(1)) instead of eight, so that
 * CalcDDtablePBN solves on the calling thread instead of spreading a
 * table's strains over the library's pools (cargo xtask tsan --stable,
 * docs/sanitizers.md); the eight POSIX threads still call at once.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

#include "fixture.h"

#define NTHREADS 8

static struct fx_record *recs;
static int nrec;
static int rounds = 3;
static pthread_barrier_t barrier;

struct job
{
  int id;
  int thread_index;
  int expect_ok; /* thread_index < noOfThreads */
  int tables;    /* CalcDDtablePBN too */
};

static void *worker(void *arg)
{
  const struct job *j = (const struct job *)arg;
  char why[256];
  int k;
  pthread_barrier_wait(&barrier);
  for (k = 0; k < rounds; k++)
  {
    const struct fx_record *r = &recs[(j->id + k) % nrec];
    struct futureTricks fut;
    struct ddTableResults t;
    struct ddTableDealPBN td;
    struct playTracePBN play;
    struct solvedPlay sp;
    int rc, i;

    memset(&fut, 0, sizeof(fut));
    rc = SolveBoardPBN(fx_deal_pbn(r), -1, 3, 1, &fut, j->thread_index);
    if (!j->expect_ok)
    {
      CHECK(rc == RETURN_THREAD_INDEX, "thread %d: SolveBoardPBN(threadIndex %d) returned %d, expected %d", j->id,
            j->thread_index, rc, RETURN_THREAD_INDEX);
      continue;
    }
    CHECK(rc == 1 && fx_fut_equal(r, &fut, why, sizeof(why)),
          "thread %d (threadIndex %d): SolveBoardPBN line %d: rc %d %s", j->id, j->thread_index, r->line, rc,
          rc == 1 ? why : "");

    memset(&play, 0, sizeof(play));
    play.number = r->play_n;
    strcpy(play.cards, r->play);
    memset(&sp, 0, sizeof(sp));
    rc = AnalysePlayPBN(fx_deal_pbn(r), play, &sp, j->thread_index);
    CHECK(rc == 1 && sp.number == r->trace_n, "thread %d (threadIndex %d): AnalysePlayPBN line %d: rc %d number %d",
          j->id, j->thread_index, r->line, rc, sp.number);
    for (i = 0; rc == 1 && i < r->trace_n && i < sp.number; i++)
      CHECK(sp.tricks[i] == r->trace[i],
            "thread %d (threadIndex %d): AnalysePlayPBN line %d: tricks[%d] = %d, expected %d", j->id,
            j->thread_index, r->line, i, sp.tricks[i], r->trace[i]);

    if (!j->tables)
      continue;
    memset(&td, 0, sizeof(td));
    strcpy(td.cards, r->pbn);
    memset(&t, 0, sizeof(t));
    rc = CalcDDtablePBN(td, &t);
    CHECK(rc == 1 && fx_table_equal(r, &t, why, sizeof(why)), "thread %d: CalcDDtablePBN line %d: rc %d %s", j->id,
          r->line, rc, rc == 1 ? why : "");
  }
  return NULL;
}

static void run_phase(const char *name, int same_index, int tables, int n_threads_accepted)
{
  pthread_t th[NTHREADS];
  struct job jobs[NTHREADS];
  int i, before = fx_failures;
  printf("== %s\n", name);
  pthread_barrier_init(&barrier, NULL, NTHREADS);
  for (i = 0; i < NTHREADS; i++)
  {
    jobs[i].id = i;
    jobs[i].thread_index = same_index ? 0 : i;
    jobs[i].expect_ok = jobs[i].thread_index < n_threads_accepted;
    jobs[i].tables = tables;
    if (pthread_create(&th[i], NULL, worker, &jobs[i]) != 0)
    {
      printf("FAIL: pthread_create\n");
      exit(1);
    }
  }
  for (i = 0; i < NTHREADS; i++)
    pthread_join(th[i], NULL);
  pthread_barrier_destroy(&barrier);
  printf("%s: %d failures\n", name, fx_failures - before);
}

int main(int argc, char **argv)
{
  struct DDSInfo info;
  Dl_info where;
  int i, dds_safe = 0, threads = NTHREADS;
  for (i = 2; i < argc; i++)
  {
    if (strcmp(argv[i], "--dds-safe") == 0)
      dds_safe = 1;
    else if (strcmp(argv[i], "--no-pools") == 0)
      threads = 1;
    else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = atoi(argv[++i]);
    else
      argc = 0;
  }
  if (argc < 2 || rounds < 1)
  {
    fprintf(stderr, "usage: threads HAND-FILE [--dds-safe] [--no-pools] [--rounds K]\n");
    return 2;
  }
  nrec = fx_load(argv[1], &recs);
  if (nrec == 0)
    return 2;
  for (i = 0; i < nrec; i++)
    if (!recs[i].has_fut || !recs[i].has_table || !recs[i].has_play || !recs[i].has_trace)
    {
      fprintf(stderr, "%s:%d: the record lacks a FUT, TABLE, PLAY or TRACE line\n", argv[1], recs[i].line);
      return 2;
    }
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (dladdr((void *)SolveBoardPBN, &where) && where.dli_fname)
    printf("loaded-from: %s\n", where.dli_fname);

  SetMaxThreads(threads);
  memset(&info, 0, sizeof(info));
  GetDDSInfo(&info);
  printf("SetMaxThreads(%d): noOfThreads %d, %d cores\n", threads, info.noOfThreads, info.numCores);
  CHECK(info.noOfThreads >= 1 && info.noOfThreads <= threads, "noOfThreads %d after SetMaxThreads(%d)",
        info.noOfThreads, threads);

  run_phase("threadIndex 0..7 at once", 0, !dds_safe, info.noOfThreads);
  if (!dds_safe)
    run_phase("threadIndex 0 in eight threads at once", 1, 1, info.noOfThreads);

  printf("threads: %d checks, %d failures\n", fx_checks, fx_failures);
  return fx_failures ? 1 : 0;
}
