/* A program written for DDS 2.9, for the clean-room tests of the C library
   (cargo xtask dist --test): reads PBN deals ("N:... ... ... ...") one a
   line from standard input and prints each one's double dummy table from
   CalcDDtablePBN as 20 numbers (strains S H D C NT, declarers N E S W).
   It names the library's version on standard error first. A failed call prints DDS's message and exits with status 1. */
#include <stdio.h>
#include <string.h>

#include <dds/dll.h>
#include <ddsrs.h>

int main(void)
{
    /* dds_version is this library's alone: the program cannot have
       loaded DDS 2.9 in its place. */
    fprintf(stderr, "ddsrs %s\n", dds_version());
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        struct ddTableDealPBN deal;
        struct ddTableResults table;
        memset(&deal, 0, sizeof deal);
        strncpy(deal.cards, line, sizeof deal.cards - 1);
        int status = CalcDDtablePBN(deal, &table);
        if (status != RETURN_NO_FAULT) {
            char message[80];
            ErrorMessage(status, message);
            fprintf(stderr, "%s: %s\n", line, message);
            return 1;
        }
        for (int strain = 0; strain < 5; strain++)
            for (int hand = 0; hand < 4; hand++)
                printf(strain + hand ? " %d" : "%d", table.resTable[strain][hand]);
        printf("\n");
    }
    return 0;
}
