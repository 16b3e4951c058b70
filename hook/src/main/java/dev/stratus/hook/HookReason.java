package dev.stratus.hook;

/**
 * The Slurm node reason a hook launcher sets when slurmctld handed it a request it cannot read. It
 * starts with {@link #PREFIX}, which the controller counts as its own (it returns such nodes to
 * service), so the prefix lives here, beside the only code that writes it.
 */
public final class HookReason {
  public static final String PREFIX = "stratus hook: ";

  private HookReason() {}

  /**
   * {@link #PREFIX} + {@code why} in printable ASCII without quotes (it goes through a shell-free
   * argv, but sinfo shows it raw), at most 200 characters.
   */
  public static String of(String why) {
    String clean = (PREFIX + why).replaceAll("[^\\x20-\\x7e]|\"", "?");
    return clean.length() <= 200 ? clean : clean.substring(0, 197) + "...";
  }
}
