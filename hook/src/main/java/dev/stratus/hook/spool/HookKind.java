package dev.stratus.hook.spool;

import java.util.Locale;

/** Which of slurmctld's power-saving programs made a request. */
public enum HookKind {
  RESUME,
  SUSPEND,
  RESUME_FAIL;

  /** The word used on the command line: {@code resume}, {@code suspend}, {@code resume-fail}. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static HookKind fromCli(String word) {
    for (HookKind k : values()) {
      if (k.cliName().equals(word)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "unknown hook '" + word + "': expected resume, suspend or resume-fail");
  }
}
