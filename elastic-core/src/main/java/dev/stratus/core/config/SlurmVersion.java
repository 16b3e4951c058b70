package dev.stratus.core.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Slurm release the cluster runs ({@code slurm.version} in stratus.yaml, {@code major.minor},
 * default {@link #DEFAULT}, Debian 12's). Rendering depends on it where releases differ: see the
 * README's "Slurm versions" section for each difference and where it was measured.
 */
public record SlurmVersion(int major, int minor) implements Comparable<SlurmVersion> {
  /** Debian 12's slurm-wlm, what Stratus assumes when {@code slurm.version} is not set. */
  public static final SlurmVersion DEFAULT = new SlurmVersion(22, 5);

  /** 23.11 made {@code cloud_reg_addrs} the only behaviour and calls the option defunct. */
  static final SlurmVersion CLOUD_REG_ADDRS_DEFUNCT = new SlurmVersion(23, 11);

  /**
   * {@code TopologyPlugin=topology/block} ({@code BlockName}, {@code BlockSizes}) came with 23.11.
   */
  static final SlurmVersion TOPOLOGY_BLOCK = new SlurmVersion(23, 11);

  /**
   * 25.05 reads topology.yaml (several topologies, each partition naming its own with {@code
   * Topology=}; topology.conf and {@code TopologyPlugin} are then ignored) and takes {@code
   * scontrol update nodename=... topology=<name>:<switch>:...:<leaf>}, which moves a node without a
   * reconfigure (measured on 26.05.5, docs/slurm-facts.md "Slurm 26.05").
   */
  static final SlurmVersion TOPOLOGY_YAML = new SlurmVersion(25, 5);

  /**
   * From 24.11 (measured on 24.11.5; 23.x not measured) {@code scontrol reconfigure} restarts
   * slurmctld and kills every PrologSlurmctld still running.
   */
  static final SlurmVersion RECONFIGURE_KILLS_PROLOGS = new SlurmVersion(24, 11);

  /**
   * 25.11 requires {@code SlurmctldParameters=enable_expedited_requeue} before it accepts a job's
   * {@code --requeue=expedite} (refused as not supported without it): such a job, requeued by a
   * node failure or a non-zero exit, is eligible at once, at the top of the queue.
   */
  static final SlurmVersion EXPEDITED_REQUEUE = new SlurmVersion(25, 11);

  /**
   * 25.11 added {@code MetricsType=metrics/openmetrics}: slurmctld serves {@code /metrics/nodes},
   * {@code /metrics/jobs} and others on its own port; 26.05 added the GPU gauges ({@code
   * slurm_nodes_gpus_alloc}, {@code slurm_nodes_gpus_total}, per partition too).
   */
  static final SlurmVersion OPEN_METRICS = new SlurmVersion(25, 11);

  static final SlurmVersion GPU_METRICS = new SlurmVersion(26, 5);

  private static final Pattern FORM = Pattern.compile("(\\d{2})\\.(\\d{2})(\\.\\d+)?");
  private static final Pattern IN_TEXT = Pattern.compile("\\b(\\d{2}\\.\\d{2})(\\.\\d+)?\\b");

  public SlurmVersion {
    if (major < 17 || major > 99 || minor < 0 || minor > 12) {
      throw new IllegalArgumentException(
          "slurm.version must be a Slurm release like 22.05 or 24.11, got " + major + "." + minor);
    }
  }

  /** {@code 24.11} or {@code 24.11.5}; anything else is refused with what was given. */
  public static SlurmVersion parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "slurm.version must be a Slurm release like 22.05 or 24.11, got '" + text + "'");
    }
    return new SlurmVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  /** The release in what {@code slurmctld -V} prints ({@code slurm-wlm 24.11.5}). */
  public static SlurmVersion fromBanner(String banner) {
    Matcher m = IN_TEXT.matcher(banner == null ? "" : banner);
    if (!m.find()) {
      throw new IllegalArgumentException("no Slurm release in '" + banner + "'");
    }
    return parse(m.group(1));
  }

  public boolean atLeast(SlurmVersion other) {
    return compareTo(other) >= 0;
  }

  /** Whether slurmctld still takes {@code SlurmctldParameters=cloud_reg_addrs} (before 23.11). */
  public boolean takesCloudRegAddrs() {
    return !atLeast(CLOUD_REG_ADDRS_DEFUNCT);
  }

  /** Whether slurmctld has {@code topology/block} (23.11 and later). */
  public boolean hasTopologyBlock() {
    return atLeast(TOPOLOGY_BLOCK);
  }

  /** Whether slurmctld reads topology.yaml and moves a node's topology with scontrol update. */
  public boolean takesTopologyYaml() {
    return atLeast(TOPOLOGY_YAML);
  }

  /** Whether {@code scontrol reconfigure} SIGKILLs the PrologSlurmctld scripts running then. */
  public boolean reconfigureKillsPrologs() {
    return atLeast(RECONFIGURE_KILLS_PROLOGS);
  }

  /** Whether a job may ask for {@code --requeue=expedite} once slurm.conf allows it. */
  public boolean hasExpeditedRequeue() {
    return atLeast(EXPEDITED_REQUEUE);
  }

  /** Whether slurmctld takes {@code MetricsType=metrics/openmetrics}. */
  public boolean servesOpenMetrics() {
    return atLeast(OPEN_METRICS);
  }

  /** Whether slurmctld's {@code /metrics/nodes} counts GPUs (total and allocated). */
  public boolean countsGpusInMetrics() {
    return atLeast(GPU_METRICS);
  }

  @Override
  public int compareTo(SlurmVersion o) {
    return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%02d.%02d", major, minor);
  }
}
