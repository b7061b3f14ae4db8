# For the clean-room test of the wheel (cargo xtask dist --test): reads PBN
# deals one a line from standard input and prints each one's double dummy
# table from the installed ddsrs as 20 numbers (strains S H D C NT,
# declarers N E S W), then where ddsrs was imported from.
import sys

import ddsrs

deals = [line.strip() for line in sys.stdin if line.strip()]
for table in ddsrs.dd_tables(deals):
    print(" ".join(str(int(n)) for n in table.reshape(-1)))
print(ddsrs.__file__, file=sys.stderr)
