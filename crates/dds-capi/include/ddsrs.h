/*
 * ddsrs.h: the handle API of ddsrs's C library (libdds.so.0).
 *
 * A dds_solver owns one transposition table. Create one per thread with
 * dds_solver_new, pass it to each call, free it with dds_solver_free.
 * Nothing is shared between two solvers, so threads never wait on each
 * other and no thread index is needed. Positions, results and status
 * codes are DDS's (dds/dll.h, included): every call returns
 * RETURN_NO_FAULT (1) or a negative code, RETURN_UNKNOWN_FAULT (-1) for a
 * NULL pointer. A solver is used by one call at a time.
 */

#ifndef DDSRS_H
#define DDSRS_H

#include <stddef.h>

#include "dds/dll.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque solver. */
typedef struct dds_solver dds_solver;

/* A new solver whose table takes at most memory_bytes (0: 64 MiB); NULL
   if it cannot be made. */
dds_solver *dds_solver_new(size_t memory_bytes);

/* Frees a solver (NULL is ignored). */
void dds_solver_free(dds_solver *solver);

/* SolveBoard and SolveBoardPBN on the solver. */
int dds_solve_board(dds_solver *solver, const struct deal *dl, int target, int solutions, int mode,
                    struct futureTricks *out);
int dds_solve_board_pbn(dds_solver *solver, const struct dealPBN *dl, int target, int solutions, int mode,
                        struct futureTricks *out);

/* CalcDDtable and CalcDDtablePBN on the solver, on the calling thread. */
int dds_calc_dd_table(dds_solver *solver, const struct ddTableDeal *table_deal, struct ddTableResults *out);
int dds_calc_dd_table_pbn(dds_solver *solver, const struct ddTableDealPBN *table_deal,
                          struct ddTableResults *out);

/* AnalysePlayBin and AnalysePlayPBN on the solver. */
int dds_analyse_play(dds_solver *solver, const struct deal *dl, const struct playTraceBin *play,
                     struct solvedPlay *out);
int dds_analyse_play_pbn(dds_solver *solver, const struct dealPBN *dl, const struct playTracePBN *play,
                         struct solvedPlay *out);

/* The text of a status code (static, never NULL). */
const char *dds_error_message(int code);

/* The library's version, such as "0.1.0" (static). */
const char *dds_version(void);

#ifdef __cplusplus
}
#endif

#endif /* DDSRS_H */
