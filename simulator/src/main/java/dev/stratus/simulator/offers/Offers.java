package dev.stratus.simulator.offers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The blocks and flex offers a run adds to the spot and on-demand of its traces. */
public record Offers(List<BlockSpec> blocks, List<FlexSpec> flex) {
  public static final Offers NONE = new Offers(List.of(), List.of());

  public Offers {
    blocks = List.copyOf(blocks);
    flex = List.copyOf(flex);
  }

  public boolean isEmpty() {
    return blocks.isEmpty() && flex.isEmpty();
  }

  public Offers withoutBlocks() {
    return new Offers(List.of(), flex);
  }

  public double blocksUsd() {
    return blocks.stream().mapToDouble(BlockSpec::usd).sum();
  }

  /** Parses the {@code --block} and {@code --flex} values, naming them block0.., flex0... */
  public static Offers parse(List<String> blocks, List<String> flex) {
    List<BlockSpec> b = new ArrayList<>();
    for (String s : blocks) {
      String id = "block" + b.size();
      Map<String, String> kv = keys("--block", s, Set.of("start", "end", "instances", "usd"));
      b.add(
          new BlockSpec(
              id,
              number("--block", "start", kv),
              number("--block", "end", kv),
              (int) whole("--block", "instances", kv),
              number("--block", "usd", kv)));
    }
    List<FlexSpec> f = new ArrayList<>();
    for (String s : flex) {
      String id = "flex" + f.size();
      Map<String, String> kv = keys("--flex", s, Set.of("price", "max-run-hours", "queue-hours"));
      List<Double> queue = new ArrayList<>();
      for (String q : kv.get("queue-hours").split("\\|")) {
        queue.add(parse("--flex", "queue-hours", q));
      }
      f.add(
          new FlexSpec(
              id, number("--flex", "price", kv), number("--flex", "max-run-hours", kv), queue));
    }
    return new Offers(b, f);
  }

  private static Map<String, String> keys(String option, String value, Set<String> wanted) {
    Map<String, String> kv = new HashMap<>();
    for (String part : value.split(",")) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.strip() : part.substring(0, eq).strip();
      if (eq < 0 || !wanted.contains(key)) {
        throw new IllegalArgumentException(
            option + " " + value + ": '" + part + "' is not one of " + sorted(wanted) + "=VALUE");
      }
      if (kv.put(key, part.substring(eq + 1).strip()) != null) {
        throw new IllegalArgumentException(option + " " + value + ": " + key + " given twice");
      }
    }
    for (String key : sorted(wanted)) {
      if (!kv.containsKey(key)) {
        throw new IllegalArgumentException(option + " " + value + ": " + key + "= is missing");
      }
    }
    return kv;
  }

  private static Set<String> sorted(Set<String> keys) {
    return new LinkedHashSet<>(keys.stream().sorted().toList());
  }

  private static double number(String option, String key, Map<String, String> kv) {
    return parse(option, key, kv.get(key));
  }

  private static long whole(String option, String key, Map<String, String> kv) {
    try {
      return Long.parseLong(kv.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + ": " + key + " must be a whole number, got '" + kv.get(key) + "'", e);
    }
  }

  private static double parse(String option, String key, String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + ": " + key + " must be a number, got '" + text + "'", e);
    }
  }
}
