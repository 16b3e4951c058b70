package dev.stratus.core.plan;

import dev.stratus.hook.HookReason;
import java.util.regex.Pattern;

/**
 * Slurm node reasons Stratus sets all start with {@link #PREFIX} (the controller's) or {@link
 * #HOOK_PREFIX} (a hook launcher's, for a malformed request), so the controller can tell its own
 * DOWN nodes (which it returns to service) from an operator's (which it never touches).
 */
public final class Reasons {
  public static final String PREFIX = "stratus: ";

  /** What the hook sets when slurmctld handed it a request it cannot read ({@link HookReason}). */
  public static final String HOOK_PREFIX = HookReason.PREFIX;

  /** Slurm's own reason when a node missed ResumeTimeout; Stratus returns these to service too. */
  public static final String RESUME_TIMEOUT = "ResumeTimeout reached";

  private static final Pattern LINE_BREAKS = Pattern.compile("[\\r\\n\\t]+");

  private Reasons() {}

  /**
   * The longest reason Stratus sets; longer text loses its middle. Slurm stores a reason whole
   * ({@code sinfo -R} cuts it to its column on display), so this only bounds runaway messages: a
   * bootstrap step's own message, e.g. a refused wrapping token with Vault's answer, fits whole.
   */
  static final int MAX = 300;

  /** What a shortened reason keeps of its end ("...; slurmd not started"). */
  private static final int TAIL = 60;

  /**
   * {@link #PREFIX} + the text on one line. Slurm keeps reasons short in listings: a longer one
   * keeps its start (the step or the cloud's code and message) and its end (what came of it), and
   * loses the middle (e.g. a long path).
   */
  public static String of(String text) {
    String oneLine = LINE_BREAKS.matcher(text).replaceAll(" ").strip();
    String full = PREFIX + oneLine;
    if (full.length() <= MAX) {
      return full;
    }
    return full.substring(0, MAX - TAIL - 3) + "..." + full.substring(full.length() - TAIL);
  }

  public static boolean ours(String reason) {
    return reason.startsWith(PREFIX)
        || reason.startsWith(HOOK_PREFIX)
        || reason.startsWith(RESUME_TIMEOUT);
  }
}
