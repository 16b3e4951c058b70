package dev.stratus.core.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code scontrol -o show node}: one line per node of {@code Key=Value} pairs, e.g. {@code
 * NodeName=gpu-001 ... State=DOWN+CLOUD+POWERED_DOWN ... Reason=spot gone
 * [root@2026-11-21T12:46:35]}.
 *
 * <p>Measured on 22.05: {@code Reason}'s text may hold spaces, '=' and brackets; Slurm appends
 * {@code " [user@time]"} when it knows who set it, which ends the reason and is dropped. On 22.05
 * {@code Reason} is the last field; from 24.11 (slurmctld's {@code node_info.c}) {@code Comment},
 * {@code Extra}, {@code InstanceId}, {@code InstanceType}, {@code ReservationName}, {@code
 * Topology} and {@code Parameters} may follow it: a reason without the marker ends at the first of
 * those. Other values may hold spaces too ({@code OS=Linux 6.1 #1 SMP}): a value runs up to the
 * next {@code " Key="}. {@code (null)} means empty.
 */
public final class ScontrolNodeParser {
  private static final Pattern KEY = Pattern.compile("(?:^|\\s+)([A-Za-z][A-Za-z0-9_]*)=");
  private static final Pattern SET_BY =
      Pattern.compile("\\s\\[[^\\[\\]@\\s]+@[^\\[\\]\\s]+](?=\\s+[A-Za-z][A-Za-z0-9_]*=|$)");
  private static final Pattern AFTER_REASON =
      Pattern.compile(
          "\\s(?:Comment|Extra|InstanceId|InstanceType|ReservationName|TLSCertTokenSet"
              + "|TLSCertLastRenewal|Topology|Parameters)=");
  private static final String REASON = " Reason=";

  private ScontrolNodeParser() {}

  /**
   * @throws SlurmCommandException naming the line when a line has no NodeName or State
   */
  public static List<SlurmNode> parse(String output) {
    List<SlurmNode> nodes = new ArrayList<>();
    String[] lines = output == null ? new String[0] : output.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (!line.isEmpty() && !line.startsWith("No nodes in the system")) {
        nodes.add(node(line, i + 1));
      }
    }
    return nodes;
  }

  private static SlurmNode node(String line, int number) {
    String reason = "";
    int at = line.indexOf(REASON);
    String fields = line;
    if (at >= 0) {
      String rest = line.substring(at + REASON.length());
      Matcher setBy = SET_BY.matcher(rest);
      int end;
      int after;
      if (setBy.find()) {
        end = setBy.start();
        after = setBy.end();
      } else {
        Matcher next = AFTER_REASON.matcher(rest);
        end = next.find() ? next.start() : rest.length();
        after = end;
      }
      reason = rest.substring(0, end);
      fields = line.substring(0, at) + rest.substring(after);
    }
    Map<String, String> values = keyValues(fields);
    String name = values.get("NodeName");
    String state = values.get("State");
    if (name == null || name.isEmpty() || state == null || state.isEmpty()) {
      throw new SlurmCommandException(
          "scontrol -o show node: line "
              + number
              + " has no "
              + (name == null || name.isEmpty() ? "NodeName" : "State")
              + ": "
              + line);
    }
    List<String> words = Arrays.asList(state.split("\\+"));
    Set<String> flags = new LinkedHashSet<>();
    words.subList(1, words.size()).forEach(f -> flags.add(f.toUpperCase(Locale.ROOT)));
    String partitions = values.getOrDefault("Partitions", "");
    return new SlurmNode(
        name,
        words.get(0),
        flags,
        reason,
        values.get("NodeAddr"),
        values.get("Gres"),
        partitions.isEmpty() ? List.of() : Arrays.asList(partitions.split(",")),
        commaSet(values.get("AvailableFeatures")),
        commaSet(values.get("ActiveFeatures")));
  }

  private static Set<String> commaSet(String value) {
    Set<String> out = new LinkedHashSet<>();
    if (value != null) {
      Arrays.stream(value.split(",")).filter(f -> !f.isBlank()).forEach(out::add);
    }
    return out;
  }

  private static Map<String, String> keyValues(String fields) {
    Map<String, String> values = new HashMap<>();
    Matcher m = KEY.matcher(fields);
    String key = null;
    int valueStart = 0;
    while (m.find()) {
      if (key != null) {
        values.put(key, clean(fields.substring(valueStart, m.start())));
      }
      key = m.group(1);
      valueStart = m.end();
    }
    if (key != null) {
      values.put(key, clean(fields.substring(valueStart)));
    }
    return values;
  }

  private static String clean(String value) {
    String v = value.strip();
    return v.equals("(null)") ? "" : v;
  }
}
