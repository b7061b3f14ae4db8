# The README's Python example, run as it stands by the clean-room test of
# the wheel (cargo xtask dist --test) and checked against the README's text.
import ddsrs
deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
table = ddsrs.dd_table(deal)                  # (5, 4) uint8: strains S H D C NT by declarers N E S W
print(table[0, 3], ddsrs.dealer_par(table, "N", "None"))   # 8 Par -110: EW 2S
tables = ddsrs.dd_tables([deal] * 8)          # (8, 5, 4), on every core, GIL released
