package dev.stratus.core.plan;

/**
 * Slurm node reasons Stratus sets all start with {@link #PREFIX}, so the controller can tell its
 * own DOWN nodes (which it returns to service) from an operator's (which it never touches).
 */
public final class Reasons {
  public static final String PREFIX = "stratus: ";

  /** Slurm's own reason when a node missed ResumeTimeout; Stratus returns these to service too. */
  public static final String RESUME_TIMEOUT = "ResumeTimeout reached";

  private Reasons() {}

  public static String of(String text) {
    String oneLine = text.replaceAll("[\\r\\n\\t]+", " ").strip();
    String full = PREFIX + oneLine;
    // Slurm keeps reasons short in listings; keep the cloud's code and the start of its message.
    return full.length() > 200 ? full.substring(0, 197) + "..." : full;
  }

  public static boolean ours(String reason) {
    return reason.startsWith(PREFIX) || reason.startsWith(RESUME_TIMEOUT);
  }
}
