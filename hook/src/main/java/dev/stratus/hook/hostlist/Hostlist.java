package dev.stratus.hook.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slurm hostlist expressions ({@code gpu-[001-004,007],cpu-1}), expanded and compressed the way
 * Slurm 22.05's {@code scontrol show hostnames} / {@code scontrol show hostlist} do it (checked
 * against the real scontrol by {@code HostlistOracleTest}).
 *
 * <p>Measured Slurm behaviour this class copies:
 *
 * <ul>
 *   <li>{@link #expand} keeps the order of the terms and keeps duplicates ({@code a,a} gives {@code
 *       a a}); terms are separated by commas or whitespace, empty terms are skipped.
 *   <li>The width of a range is the width of its low number: {@code [01-1]} gives {@code 01},
 *       {@code [1-010]} gives {@code 1..10}.
 *   <li>With several bracket groups the last group varies fastest, then the first, second, ...:
 *       {@code a[1-2]b[3-4]c[5-6]} gives {@code a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 ...}.
 *   <li>No text may follow the last bracket group ({@code a[1-2]b} is invalid); a single range may
 *       hold at most 65,536 names.
 *   <li>{@link #compress} neither sorts nor removes duplicates: it joins neighbours ({@code
 *       a3,a1,a2} gives {@code a[3,1-2]}); {@code 9} and {@code 10} join, {@code 009} and {@code
 *       10} do not ({@code gpu-[009,10]}).
 * </ul>
 *
 * <p>Where Slurm silently accepts nonsense ({@code a[1-2} prints {@code a]}, a stray {@code ]} is
 * part of a name) this class throws {@link HostlistException} instead.
 */
public final class Hostlist {
  /** Expansion cap: protects memory from {@code n[0-65535]x[0-65535]}. */
  public static final int MAX_NAMES = 100_000;

  /**
   * Recent expansions of up to {@link #REMEMBERED_NAMES} names: the controller reads the same jobs'
   * node lists from squeue pass after pass. Bounded by {@link #REMEMBERED} (at most ~2 MiB of
   * references), emptied when full.
   */
  private static final ConcurrentHashMap<String, List<String>> RECENT = new ConcurrentHashMap<>();

  static final int REMEMBERED = 1024;
  static final int REMEMBERED_NAMES = 256;

  private Hostlist() {}

  /** Every name of {@code expression}, in Slurm's order, duplicates kept; an immutable list. */
  public static List<String> expand(String expression) {
    List<String> known = expression == null ? null : RECENT.get(expression);
    if (known != null) {
      return known;
    }
    List<String> names = List.copyOf(HostlistParser.expand(expression, MAX_NAMES));
    if (names.size() <= REMEMBERED_NAMES) {
      if (RECENT.size() >= REMEMBERED) {
        RECENT.clear();
      }
      RECENT.put(expression, names);
    }
    return names;
  }

  /**
   * The expression {@code scontrol show hostlist} prints for {@code names} in the given order:
   * {@code expand(compress(names))} equals {@code names}. Each name must be a plain host name (no
   * brackets, commas or whitespace).
   */
  public static String compress(Collection<String> names) {
    return HostlistCompressor.compress(names);
  }

  /**
   * The canonical expression for a set of names: duplicates removed, sorted the way Slurm sorts
   * hostlists (prefix in natural order, a name without a number first, then by number, then by
   * width), then compressed. For names whose numbers per prefix are either all unpadded or all of
   * one padded width this equals {@code scontrol show hostlistsorted}; for mixes like {@code
   * a9,a09} Slurm's own order depends on its sort algorithm and is not reproduced.
   */
  public static String compressSorted(Collection<String> names) {
    return compress(sortedUnique(names));
  }

  /** The distinct names in the order {@link #compressSorted} uses. */
  public static List<String> sortedUnique(Collection<String> names) {
    List<String> unique = new ArrayList<>(new LinkedHashSet<>(names));
    unique.sort(HostName.SLURM_ORDER);
    return unique;
  }
}
