package dev.stratus.core.slurm;

import static dev.stratus.api.model.Checks.notBlank;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A node as Slurm reports it. {@code state} is the base state in lower case ({@code idle}, {@code
 * allocated}, {@code mixed}, {@code down}, {@code completing}, ...); {@code flags} are Slurm's
 * upper-case state flags ({@code CLOUD}, {@code POWERED_DOWN}, {@code POWERING_UP}, {@code
 * POWERING_DOWN}, {@code POWER_DOWN}, {@code DRAIN}, {@code NOT_RESPONDING}, {@code INVALID_REG},
 * ...). {@code availableFeatures} and {@code activeFeatures} are Slurm's two feature lists (a job's
 * {@code --constraint} is matched against the active ones); empty when unknown. {@code gres}: as
 * configured, or for a node that registered with fewer GPUs (see {@link #invalidRegistration}) what
 * it reported.
 */
public record SlurmNode(
    String name,
    String state,
    Set<String> flags,
    String reason,
    String address,
    String gres,
    List<String> partitions,
    Set<String> availableFeatures,
    Set<String> activeFeatures) {
  /** A node whose features are not known (tests, and sources that do not list them). */
  public SlurmNode(
      String name,
      String state,
      Set<String> flags,
      String reason,
      String address,
      String gres,
      List<String> partitions) {
    this(name, state, flags, reason, address, gres, partitions, Set.of(), Set.of());
  }

  public SlurmNode {
    notBlank("node name", name);
    state = state == null ? "unknown" : state.toLowerCase(Locale.ROOT);
    flags = Set.copyOf(flags);
    reason = reason == null ? "" : reason;
    address = address == null ? "" : address;
    gres = gres == null ? "" : gres;
    partitions = List.copyOf(partitions);
    availableFeatures = Set.copyOf(availableFeatures);
    activeFeatures = Set.copyOf(activeFeatures);
  }

  /**
   * True when slurmd registered with less than its NodeName line says (fewer CPUs, less memory,
   * fewer GPUs): slurmctld then sets the node INVAL (flag {@code INVALID_REG}) and drains it, with
   * what is short in the reason. Measured on 22.05 without {@code config_overrides}.
   */
  public boolean invalidRegistration() {
    return flags.contains("INVALID_REG");
  }

  public boolean poweredDown() {
    return flags.contains("POWERED_DOWN");
  }

  public boolean poweringUp() {
    return flags.contains("POWERING_UP");
  }

  public boolean poweringDown() {
    return flags.contains("POWERING_DOWN");
  }

  public boolean down() {
    return state.equals("down");
  }

  public boolean drained() {
    return flags.contains("DRAIN");
  }

  /**
   * True when Slurm expects a machine behind this node: powering up or up, and not on its way down.
   * Such a node without an instance is broken; an instance without such a node is an orphan.
   */
  public boolean wantsInstance() {
    return !poweredDown() && !poweringDown();
  }

  /** Short state as sinfo prints it, e.g. {@code idle~}, {@code mixed#}, {@code down*}. */
  public String shortState() {
    String suffix =
        poweredDown()
            ? "~"
            : poweringUp()
                ? "#"
                : poweringDown() ? "%" : flags.contains("NOT_RESPONDING") ? "*" : "";
    String base = drained() && !down() ? (state.equals("idle") ? "drained" : "draining") : state;
    return base + suffix;
  }
}
