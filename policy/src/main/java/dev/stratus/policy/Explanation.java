package dev.stratus.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Why a deadline job goes where its policy sends it, at one decision: the {@code decision} itself,
 * the job's slack (time left less work left) over the whole ticks left, its work left, what it runs
 * on now, the policy's own proposal before the shared rules (for Stratus: which slack table and
 * what it says; empty when the reason says it all), every offering's spot availability with its age
 * and expected further length (from the offering's {@link LifetimeModel}), the options weighed with
 * their expected cost per hour of progress, and the Safety Net's verdict: the ticks to spare before
 * it would send the job to on-demand, and whether it made this decision.
 *
 * <p>Pure data: built by {@link DeadlinePolicy#explain}, kept by the controller for {@code stratus
 * status} and printed by {@code stratus simulate --explain}. It never changes a decision.
 */
public record Explanation(
    Decision decision,
    double slackHours,
    long ticksLeft,
    double workLeftHours,
    String running,
    String proposal,
    List<Zone> zones,
    List<Option> options,
    long spareTicks,
    boolean safetyNet) {
  public Explanation {
    if (decision == null || running == null || proposal == null) {
      throw new IllegalArgumentException("decision, running and proposal must be set");
    }
    zones = List.copyOf(zones);
    options = List.copyOf(options);
  }

  /**
   * One offering: its prices, whether spot is usable there now, how many intervals that state has
   * lasted ({@code ageTicks}, capped at {@link LifetimeModel#AGES}) and how many hours more it is
   * expected to last.
   */
  public record Zone(
      String location,
      double spotPrice,
      double onDemandPrice,
      boolean available,
      int ageTicks,
      double expectedHoursLeft) {}

  /**
   * An option weighed: {@code kind} {@code spot}, {@code on-demand} or {@code wait}, where, and its
   * expected USD per hour of progress (spot: {@link LocationIndex}'s figure; on-demand: the price
   * with the changeover it would pay spread over the work left; wait: none, it spends slack).
   */
  public record Option(String kind, String location, OptionalDouble usdPerWorkHour) {
    public String label() {
      return location.isEmpty() ? kind : kind + " at " + location;
    }
  }

  /** The decision in a few words: "spot at X", "on-demand at Y", "wait", "block B", "flex F". */
  public String choice() {
    return describe(decision);
  }

  static String describe(Decision d) {
    if (d instanceof Decision.RunSpot s) {
      return "spot at " + s.location();
    }
    if (d instanceof Decision.RunOnDemand o) {
      return "on-demand at " + o.location();
    }
    if (d instanceof Decision.RunReserved r) {
      return "reserved block " + r.block();
    }
    return d instanceof Decision.RunFlex f ? "flex-start " + f.offer() : "wait";
  }

  /** The explanation as a person reads it, the first line a summary. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(
        choice()
            + ": "
            + Figures.decimals(slackHours, 1)
            + " h of slack over "
            + ticksLeft
            + " ticks, "
            + Figures.decimals(workLeftHours, 1)
            + " h of work left, runs on "
            + running);
    if (!proposal.isEmpty()) {
      out.add("  policy: " + proposal);
    }
    out.add("  options ($ per hour of progress): " + optionsText());
    for (Zone z : zones) {
      out.add(
          "  zone "
              + z.location()
              + ": spot $"
              + Figures.decimals(z.spotPrice(), 2)
              + (z.available() ? ", available for " : ", unavailable for ")
              + z.ageTicks()
              + (z.ageTicks() == 1 ? " tick" : " ticks")
              + (z.ageTicks() >= LifetimeModel.AGES ? " or more" : "")
              + ", about "
              + Figures.decimals(z.expectedHoursLeft(), 1)
              + " h more expected");
    }
    out.add(
        "  safety net: "
            + (safetyNet
                ? "decided this (" + decision.reason() + ")"
                : spareTicks + " ticks to spare before it sends the job to on-demand"));
    return out;
  }

  private String optionsText() {
    List<String> parts = new ArrayList<>();
    for (Option o : options) {
      String cost =
          o.usdPerWorkHour().isPresent()
              ? Figures.decimals(o.usdPerWorkHour().getAsDouble(), 2)
              : "spends slack";
      parts.add(o.label() + " " + cost + (describe(decision).equals(o.label()) ? " (chosen)" : ""));
    }
    return String.join(", ", parts);
  }
}
