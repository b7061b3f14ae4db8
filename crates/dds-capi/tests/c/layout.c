/*
 * Prints the layout of every structure of DDS 2.9's dll.h, as C sees it:
 *
 *   <struct> <sizeof>
 *   <struct>@align <alignment>
 *   <struct>.<field> <offsetof>      (every field, in declaration order)
 *
 * tests/layout.rs prints the same lines from the Rust structures
 * (ddscapi::types) and compares the two outputs line by line.
 *
 * Build: cc -std=c99 -Wall -Werror layout.c -I/usr/include -o layout
 * (no library needed: only the header is read).
 */
#include <stddef.h>
#include <stdio.h>

#include <dds/dll.h>

#define SIZE(t)                                                   \
  do                                                              \
  {                                                               \
    printf("%s %zu\n", #t, sizeof(struct t));                     \
    printf("%s@align %zu\n", #t, (size_t)__alignof__(struct t)); \
  } while (0)
#define FIELD(t, f) printf("%s.%s %zu\n", #t, #f, offsetof(struct t, f))

int main(void)
{
  SIZE(futureTricks);
  FIELD(futureTricks, nodes);
  FIELD(futureTricks, cards);
  FIELD(futureTricks, suit);
  FIELD(futureTricks, rank);
  FIELD(futureTricks, equals);
  FIELD(futureTricks, score);

  SIZE(deal);
  FIELD(deal, trump);
  FIELD(deal, first);
  FIELD(deal, currentTrickSuit);
  FIELD(deal, currentTrickRank);
  FIELD(deal, remainCards);

  SIZE(dealPBN);
  FIELD(dealPBN, trump);
  FIELD(dealPBN, first);
  FIELD(dealPBN, currentTrickSuit);
  FIELD(dealPBN, currentTrickRank);
  FIELD(dealPBN, remainCards);

  SIZE(boards);
  FIELD(boards, noOfBoards);
  FIELD(boards, deals);
  FIELD(boards, target);
  FIELD(boards, solutions);
  FIELD(boards, mode);

  SIZE(boardsPBN);
  FIELD(boardsPBN, noOfBoards);
  FIELD(boardsPBN, deals);
  FIELD(boardsPBN, target);
  FIELD(boardsPBN, solutions);
  FIELD(boardsPBN, mode);

  SIZE(solvedBoards);
  FIELD(solvedBoards, noOfBoards);
  FIELD(solvedBoards, solvedBoard);

  SIZE(ddTableDeal);
  FIELD(ddTableDeal, cards);

  SIZE(ddTableDeals);
  FIELD(ddTableDeals, noOfTables);
  FIELD(ddTableDeals, deals);

  SIZE(ddTableDealPBN);
  FIELD(ddTableDealPBN, cards);

  SIZE(ddTableDealsPBN);
  FIELD(ddTableDealsPBN, noOfTables);
  FIELD(ddTableDealsPBN, deals);

  SIZE(ddTableResults);
  FIELD(ddTableResults, resTable);

  SIZE(ddTablesRes);
  FIELD(ddTablesRes, noOfBoards);
  FIELD(ddTablesRes, results);

  SIZE(parResults);
  FIELD(parResults, parScore);
  FIELD(parResults, parContractsString);

  SIZE(allParResults);
  FIELD(allParResults, presults);

  SIZE(parResultsDealer);
  FIELD(parResultsDealer, number);
  FIELD(parResultsDealer, score);
  FIELD(parResultsDealer, contracts);

  SIZE(contractType);
  FIELD(contractType, underTricks);
  FIELD(contractType, overTricks);
  FIELD(contractType, level);
  FIELD(contractType, denom);
  FIELD(contractType, seats);

  SIZE(parResultsMaster);
  FIELD(parResultsMaster, score);
  FIELD(parResultsMaster, number);
  FIELD(parResultsMaster, contracts);

  SIZE(parTextResults);
  FIELD(parTextResults, parText);
  FIELD(parTextResults, equal);

  SIZE(playTraceBin);
  FIELD(playTraceBin, number);
  FIELD(playTraceBin, suit);
  FIELD(playTraceBin, rank);

  SIZE(playTracePBN);
  FIELD(playTracePBN, number);
  FIELD(playTracePBN, cards);

  SIZE(solvedPlay);
  FIELD(solvedPlay, number);
  FIELD(solvedPlay, tricks);

  SIZE(playTracesBin);
  FIELD(playTracesBin, noOfBoards);
  FIELD(playTracesBin, plays);

  SIZE(playTracesPBN);
  FIELD(playTracesPBN, noOfBoards);
  FIELD(playTracesPBN, plays);

  SIZE(solvedPlays);
  FIELD(solvedPlays, noOfBoards);
  FIELD(solvedPlays, solved);

  SIZE(DDSInfo);
  FIELD(DDSInfo, major);
  FIELD(DDSInfo, minor);
  FIELD(DDSInfo, patch);
  FIELD(DDSInfo, versionString);
  FIELD(DDSInfo, system);
  FIELD(DDSInfo, numBits);
  FIELD(DDSInfo, compiler);
  FIELD(DDSInfo, constructor);
  FIELD(DDSInfo, numCores);
  FIELD(DDSInfo, threading);
  FIELD(DDSInfo, noOfThreads);
  FIELD(DDSInfo, threadSizes);
  FIELD(DDSInfo, systemString);

  /* The sizes of the scalar types the fields use, for the record. */
  printf("int %zu\n", sizeof(int));
  printf("unsigned %zu\n", sizeof(unsigned int));
  printf("bool %zu\n", sizeof(bool));
  return 0;
}
