package dev.stratus.core.standby;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code scontrol ping} says about each SlurmctldHost, in slurm.conf's order: one line each,
 * {@code Slurmctld(primary) at HOST is UP}, {@code Slurmctld(backup) at HOST is DOWN} (and {@code
 * backupN} with more than two); other lines (the "RESTORE SLURMCTLD DAEMON TO SERVICE" banner) are
 * not about a host. Slurm's rule for who is in control: the first one that answers, since a backup
 * takes over only while those before it do not, and hands back when they return.
 */
public record SlurmctldPing(List<Slurmctld> slurmctlds) {
  private static final Pattern LINE =
      Pattern.compile("^Slurmctld\\((primary|backup\\d*)\\) at (\\S+) is (UP|DOWN)\\s*$");

  /** One SlurmctldHost: its role in slurm.conf's order, its name, whether it answered. */
  public record Slurmctld(String role, String host, boolean up) {}

  public SlurmctldPing {
    slurmctlds = List.copyOf(slurmctlds);
  }

  /**
   * Parses {@code scontrol ping}'s output (whatever its exit code: it is 1 when one is down).
   *
   * @throws IllegalArgumentException when no line names a slurmctld, quoting the output
   */
  public static SlurmctldPing parse(String output) {
    List<Slurmctld> found = new ArrayList<>();
    for (String line : output.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        found.add(new Slurmctld(m.group(1), m.group(2), m.group(3).equals("UP")));
      }
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException(
          "scontrol ping printed no 'Slurmctld(...) at HOST is UP|DOWN' line: "
              + output.strip().lines().findFirst().orElse("(nothing)"));
    }
    return new SlurmctldPing(found);
  }

  /** The host of the slurmctld in control: the first that answered, if any did. */
  public Optional<String> inControl() {
    return slurmctlds.stream().filter(Slurmctld::up).map(Slurmctld::host).findFirst();
  }
}
