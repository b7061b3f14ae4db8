/*
 * dll.h: the C interface of DDS 2.9 (Bo Haglund and Soren Hein's double
 * dummy solver) as the ddsrs library implements it: the same structures,
 * constants and functions, so that a program written against DDS builds
 * and links against libdds.so.0 from ddsrs unchanged. Written for ddsrs
 * from DDS's documented interface; licensed as ddsrs (Apache-2.0).
 *
 * Seats are 0 North, 1 East, 2 South, 3 West; suits 0 spades, 1 hearts,
 * 2 diamonds, 3 clubs; strains the suits and 4 notrump; ranks 2..14, and
 * a card set is a bit mask with rank r at bit r. Every function returns
 * RETURN_NO_FAULT (1) or one of the negative status codes below.
 */

#ifndef DDS_DLL_H
#define DDS_DLL_H

#include <stdbool.h>

#ifdef __cplusplus
#define DDS_EXTERN_C extern "C"
#else
#define DDS_EXTERN_C
#endif

#if defined(_WIN32) || defined(__CYGWIN__)
#define DLLEXPORT __declspec(dllexport)
#define STDCALL __stdcall
#else
#define DLLEXPORT
#define STDCALL
#endif

#define DDS_VERSION 20900

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5

#define MAXNOOFBOARDS 200
#define MAXNOOFTABLES 40

#define RETURN_NO_FAULT 1
#define RETURN_UNKNOWN_FAULT -1
#define RETURN_ZERO_CARDS -2
#define RETURN_TARGET_TOO_HIGH -3
#define RETURN_DUPLICATE_CARDS -4
#define RETURN_TARGET_WRONG_LO -5
#define RETURN_TARGET_WRONG_HI -7
#define RETURN_SOLNS_WRONG_LO -8
#define RETURN_SOLNS_WRONG_HI -9
#define RETURN_TOO_MANY_CARDS -10
#define RETURN_SUIT_OR_RANK -12
#define RETURN_PLAYED_CARD -13
#define RETURN_CARD_COUNT -14
#define RETURN_THREAD_INDEX -15
#define RETURN_MODE_WRONG_LO -16
#define RETURN_MODE_WRONG_HI -17
#define RETURN_TRUMP_WRONG -18
#define RETURN_FIRST_WRONG -19
#define RETURN_PLAY_FAULT -98
#define RETURN_PBN_FAULT -99
#define RETURN_TOO_MANY_BOARDS -101
#define RETURN_THREAD_CREATE -102
#define RETURN_THREAD_WAIT -103
#define RETURN_THREAD_MISSING -104
#define RETURN_NO_SUIT -201
#define RETURN_TOO_MANY_TABLES -202
#define RETURN_CHUNK_SIZE -301

#define TEXT_NO_FAULT "Success"
#define TEXT_UNKNOWN_FAULT "General error"
#define TEXT_ZERO_CARDS "Zero cards"
#define TEXT_TARGET_TOO_HIGH "Target exceeds number of tricks"
#define TEXT_DUPLICATE_CARDS "Cards duplicated"
#define TEXT_TARGET_WRONG_LO "Target is less than -1"
#define TEXT_TARGET_WRONG_HI "Target is higher than 13"
#define TEXT_SOLNS_WRONG_LO "Solutions parameter is less than 1"
#define TEXT_SOLNS_WRONG_HI "Solutions parameter is higher than 3"
#define TEXT_TOO_MANY_CARDS "Too many cards"
#define TEXT_SUIT_OR_RANK "currentTrickSuit or currentTrickRank has wrong data"
#define TEXT_PLAYED_CARD "Played card also remains in a hand"
#define TEXT_CARD_COUNT "Wrong number of remaining cards in a hand"
#define TEXT_THREAD_INDEX "Thread index is not 0 .. maximum"
#define TEXT_MODE_WRONG_LO "Mode parameter is less than 0"
#define TEXT_MODE_WRONG_HI "Mode parameter is higher than 2"
#define TEXT_TRUMP_WRONG "Trump is not in 0 .. 4"
#define TEXT_FIRST_WRONG "First is not in 0 .. 2"
#define TEXT_PLAY_FAULT "AnalysePlay input error"
#define TEXT_PBN_FAULT "PBN string error"
#define TEXT_TOO_MANY_BOARDS "Too many boards requested"
#define TEXT_THREAD_CREATE "Could not create threads"
#define TEXT_THREAD_WAIT "Something failed waiting for thread to end"
#define TEXT_THREAD_MISSING "Multi-threading system not present"
#define TEXT_NO_SUIT "Denomination filter vector has no entries"
#define TEXT_TOO_MANY_TABLES "Too many DD tables requested"
#define TEXT_CHUNK_SIZE "Chunk size is less than 1"

/* SolveBoard's answer: the cards of the seat to play, best first. */
struct futureTricks {
  int nodes;      /* search nodes */
  int cards;      /* cards listed */
  int suit[13];
  int rank[13];
  int equals[13]; /* equivalent lower cards, rank r at bit r */
  int score[13];  /* tricks for the side to play; -1 or -2: see SolveBoard */
};

/* A position: the strain, the leader of the current trick, its cards so
   far (rank 0: none) and the cards held. */
struct deal {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  unsigned int remainCards[DDS_HANDS][DDS_SUITS];
};

/* A position with the cards held as PBN text, "N:AKQ2.J.T9.87 ...". */
struct dealPBN {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  char remainCards[80];
};

struct boards {
  int noOfBoards;
  struct deal deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct boardsPBN {
  int noOfBoards;
  struct dealPBN deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct solvedBoards {
  int noOfBoards;
  struct futureTricks solvedBoard[MAXNOOFBOARDS];
};

struct ddTableDeal {
  unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDeals {
  int noOfTables;
  struct ddTableDeal deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableDealPBN {
  char cards[80];
};

struct ddTableDealsPBN {
  int noOfTables;
  struct ddTableDealPBN deals[MAXNOOFTABLES * DDS_STRAINS];
};

/* Declarer's tricks by strain (S, H, D, C, NT) and declarer (N, E, S, W). */
struct ddTableResults {
  int resTable[DDS_STRAINS][DDS_HANDS];
};

struct ddTablesRes {
  int noOfBoards;
  struct ddTableResults results[MAXNOOFTABLES * DDS_STRAINS];
};

/* Par as text; index 0 when North-South start the bidding, 1 East-West. */
struct parResults {
  char parScore[2][16];
  char parContractsString[2][128];
};

struct allParResults {
  struct parResults presults[MAXNOOFTABLES];
};

/* Par for a dealer (or a side): the score and the contracts as text. */
struct parResultsDealer {
  int number;
  int score;
  char contracts[10][10];
};

/* A par contract in numbers: denom 0 notrump, 1 spades .. 4 clubs; seats
   0 N, 1 E, 2 S, 3 W, 4 NS, 5 EW. */
struct contractType {
  int underTricks;
  int overTricks;
  int level;
  int denom;
  int seats;
};

struct parResultsMaster {
  int score;
  int number;
  struct contractType contracts[10];
};

struct parTextResults {
  char parText[2][128];
  bool equal;
};

struct playTraceBin {
  int number;
  int suit[52];
  int rank[52];
};

/* A play as text, two characters a card: "CTC4CACJ". */
struct playTracePBN {
  int number;
  char cards[106];
};

/* Declarer's side's tricks before the play and after each card. */
struct solvedPlay {
  int number;
  int tricks[53];
};

struct playTracesBin {
  int noOfBoards;
  struct playTraceBin plays[MAXNOOFBOARDS];
};

struct playTracesPBN {
  int noOfBoards;
  struct playTracePBN plays[MAXNOOFBOARDS];
};

struct solvedPlays {
  int noOfBoards;
  struct solvedPlay solved[MAXNOOFBOARDS];
};

struct DDSInfo {
  int major, minor, patch;
  char versionString[10];
  int system;
  int numBits;
  int compiler;
  int constructor;
  int numCores;
  int threading;
  int noOfThreads;
  char threadSizes[128];
  char systemString[1024];
};

DDS_EXTERN_C DLLEXPORT void STDCALL SetMaxThreads(int userThreads);
DDS_EXTERN_C DLLEXPORT int STDCALL SetThreading(int code);
DDS_EXTERN_C DLLEXPORT void STDCALL SetResources(int maxMemoryMB, int maxThreads);
DDS_EXTERN_C DLLEXPORT void STDCALL FreeMemory(void);

DDS_EXTERN_C DLLEXPORT int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                                              struct futureTricks *futp, int threadIndex);
DDS_EXTERN_C DLLEXPORT int STDCALL SolveBoardPBN(struct dealPBN dlpbn, int target, int solutions, int mode,
                                                 struct futureTricks *futp, int thrId);

DDS_EXTERN_C DLLEXPORT int STDCALL CalcDDtable(struct ddTableDeal tableDeal, struct ddTableResults *tablep);
DDS_EXTERN_C DLLEXPORT int STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN,
                                                  struct ddTableResults *tablep);
DDS_EXTERN_C DLLEXPORT int STDCALL CalcAllTables(struct ddTableDeals *dealsp, int mode, int trumpFilter[DDS_STRAINS],
                                                 struct ddTablesRes *resp, struct allParResults *presp);
DDS_EXTERN_C DLLEXPORT int STDCALL CalcAllTablesPBN(struct ddTableDealsPBN *dealsp, int mode,
                                                    int trumpFilter[DDS_STRAINS], struct ddTablesRes *resp,
                                                    struct allParResults *presp);

DDS_EXTERN_C DLLEXPORT int STDCALL SolveAllBoards(struct boardsPBN *bop, struct solvedBoards *solvedp);
DDS_EXTERN_C DLLEXPORT int STDCALL SolveAllBoardsBin(struct boards *bop, struct solvedBoards *solvedp);
DDS_EXTERN_C DLLEXPORT int STDCALL SolveAllChunks(struct boardsPBN *bop, struct solvedBoards *solvedp, int chunkSize);
DDS_EXTERN_C DLLEXPORT int STDCALL SolveAllChunksBin(struct boards *bop, struct solvedBoards *solvedp,
                                                     int chunkSize);
DDS_EXTERN_C DLLEXPORT int STDCALL SolveAllChunksPBN(struct boardsPBN *bop, struct solvedBoards *solvedp,
                                                     int chunkSize);

DDS_EXTERN_C DLLEXPORT int STDCALL Par(struct ddTableResults *tablep, struct parResults *presp, int vulnerable);
DDS_EXTERN_C DLLEXPORT int STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable,
                                           struct ddTableResults *tablep, struct parResults *presp);
DDS_EXTERN_C DLLEXPORT int STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep,
                                              int vulnerable, struct parResults *presp);
DDS_EXTERN_C DLLEXPORT int STDCALL SidesPar(struct ddTableResults *tablep, struct parResultsDealer sidesRes[2],
                                            int vulnerable);
DDS_EXTERN_C DLLEXPORT int STDCALL DealerPar(struct ddTableResults *tablep, struct parResultsDealer *presp,
                                             int dealer, int vulnerable);
DDS_EXTERN_C DLLEXPORT int STDCALL DealerParBin(struct ddTableResults *tablep, struct parResultsMaster *presp,
                                                int dealer, int vulnerable);
DDS_EXTERN_C DLLEXPORT int STDCALL SidesParBin(struct ddTableResults *tablep, struct parResultsMaster sidesRes[2],
                                               int vulnerable);
DDS_EXTERN_C DLLEXPORT int STDCALL ConvertToDealerTextFormat(struct parResultsMaster *pres, char *resp);
DDS_EXTERN_C DLLEXPORT int STDCALL ConvertToSidesTextFormat(struct parResultsMaster *pres,
                                                            struct parTextResults *resp);

DDS_EXTERN_C DLLEXPORT int STDCALL AnalysePlayBin(struct deal dl, struct playTraceBin play,
                                                  struct solvedPlay *solved, int thrId);
DDS_EXTERN_C DLLEXPORT int STDCALL AnalysePlayPBN(struct dealPBN dlPBN, struct playTracePBN playPBN,
                                                  struct solvedPlay *solvedp, int thrId);
DDS_EXTERN_C DLLEXPORT int STDCALL AnalyseAllPlaysBin(struct boards *bop, struct playTracesBin *plp,
                                                      struct solvedPlays *solvedp, int chunkSize);
DDS_EXTERN_C DLLEXPORT int STDCALL AnalyseAllPlaysPBN(struct boardsPBN *bopPBN, struct playTracesPBN *plpPBN,
                                                      struct solvedPlays *solvedp, int chunkSize);

DDS_EXTERN_C DLLEXPORT void STDCALL GetDDSInfo(struct DDSInfo *info);
DDS_EXTERN_C DLLEXPORT void STDCALL ErrorMessage(int code, char line[80]);

#endif /* DDS_DLL_H */
