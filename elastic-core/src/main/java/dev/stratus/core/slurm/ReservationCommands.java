package dev.stratus.core.slurm;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code scontrol} arguments for reservations and the parser of {@code scontrol -o show
 * reservation} (pure). Slurm reads and prints reservation times in slurmctld's local time zone
 * without an offset ({@code 2026-12-01T12:00:00}); {@code zone} is that zone (the controller runs
 * beside slurmctld).
 */
final class ReservationCommands {
  private static final DateTimeFormatter SLURM_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private final ZoneId zone;

  ReservationCommands(ZoneId zone) {
    this.zone = zone;
  }

  List<String> create(SlurmReservation r, Instant now) {
    List<String> args = new ArrayList<>(List.of("create", "reservation"));
    args.add("ReservationName=" + r.name());
    args.add("StartTime=" + (r.start().isAfter(now) ? time(r.start()) : "now"));
    args.add("EndTime=" + time(r.end()));
    args.add("Nodes=" + r.nodes());
    args.add("Users=root");
    args.add("Flags=" + String.join(",", r.flags().stream().sorted().toList()));
    return args;
  }

  List<String> update(SlurmReservation r, boolean started) {
    List<String> args = new ArrayList<>(List.of("update", "ReservationName=" + r.name()));
    if (!started) {
      args.add("StartTime=" + time(r.start()));
    }
    args.add("EndTime=" + time(r.end()));
    args.add("Nodes=" + r.nodes());
    return args;
  }

  /** Parses {@code scontrol -o show reservation}; "No reservations in the system" is none. */
  List<SlurmReservation> parse(String out) {
    List<SlurmReservation> all = new ArrayList<>();
    for (String line : out.lines().toList()) {
      if (!line.startsWith("ReservationName=")) {
        continue;
      }
      Map<String, String> f = fields(line);
      String flags = f.getOrDefault("Flags", "");
      all.add(
          new SlurmReservation(
              f.get("ReservationName"),
              instant(f.get("StartTime")),
              instant(f.get("EndTime")),
              f.getOrDefault("Nodes", "(null)"),
              flags.isEmpty() || flags.equals("(null)")
                  ? Set.of()
                  : Set.copyOf(Arrays.asList(flags.split(",")))));
    }
    return all;
  }

  String time(Instant t) {
    return SLURM_TIME.format(LocalDateTime.ofInstant(t.truncatedTo(ChronoUnit.SECONDS), zone));
  }

  Instant instant(String slurmTime) {
    return LocalDateTime.parse(slurmTime, SLURM_TIME).atZone(zone).toInstant();
  }

  /** {@code Key=value} pairs separated by spaces (values of these keys hold no spaces). */
  private static Map<String, String> fields(String line) {
    Map<String, String> f = new HashMap<>();
    for (String token : line.trim().split("\\s+")) {
      int eq = token.indexOf('=');
      if (eq > 0) {
        f.putIfAbsent(token.substring(0, eq), token.substring(eq + 1));
      }
    }
    return f;
  }
}
