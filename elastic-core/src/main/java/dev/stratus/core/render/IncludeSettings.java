package dev.stratus.core.render;

import dev.stratus.core.config.PowerSave;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.render.IncludeSetting.Kind;
import dev.stratus.hook.spool.HookKind;
import java.util.ArrayList;
import java.util.List;

/** The global settings the include needs from a config, in the order it writes them (pure). */
final class IncludeSettings {
  private IncludeSettings() {}

  static List<IncludeSetting> of(StratusConfig config, List<String> slurmctldParameters) {
    PowerSave ps = config.powerSave();
    List<IncludeSetting> s = new ArrayList<>();
    s.add(
        new IncludeSetting(
            "ResumeProgram",
            SlurmViews.launcher(ps, HookKind.RESUME).toString(),
            Kind.SCALAR,
            "powerSave.hookDir",
            "power saving: slurmctld runs these launchers, which hand each request to the controller"));
    s.add(scalar("SuspendProgram", SlurmViews.launcher(ps, HookKind.SUSPEND), "powerSave.hookDir"));
    s.add(
        scalar(
            "ResumeFailProgram",
            SlurmViews.launcher(ps, HookKind.RESUME_FAIL),
            "powerSave.hookDir"));
    s.add(scalar("ResumeTimeout", ps.resumeTimeout().toSeconds(), "powerSave.resumeTimeout"));
    s.add(scalar("SuspendTime", ps.suspendTime().toSeconds(), "powerSave.suspendTime"));
    s.add(scalar("SuspendTimeout", ps.suspendTimeout().toSeconds(), "powerSave.suspendTimeout"));
    s.add(scalar("ResumeRate", ps.resumeRate(), "powerSave.resumeRate"));
    s.add(scalar("SuspendRate", ps.suspendRate(), "powerSave.suspendRate"));
    if (!slurmctldParameters.isEmpty()) {
      s.add(
          new IncludeSetting(
              "SlurmctldParameters",
              String.join(",", slurmctldParameters),
              Kind.KEYED_LIST,
              "powerSave.slurmctldParameters"));
    }
    s.add(
        new IncludeSetting(
            "PrivateData",
            "cloud",
            Kind.LIST,
            "(always)",
            "without PrivateData=cloud, powered-down CLOUD nodes are hidden from sinfo and scontrol"));
    s.add(scalar("TreeWidth", ps.treeWidth(), "powerSave.treeWidth"));
    s.add(new IncludeSetting("GresTypes", "gpu", Kind.LIST, "(always)"));
    if (config.slurm().version().servesOpenMetrics()) {
      s.add(
          new IncludeSetting(
              "MetricsType",
              "metrics/openmetrics",
              Kind.SCALAR,
              "slurm.version",
              "slurmctld serves /metrics/nodes (GPUs total and allocated from 26.05) and more on"
                  + " its own port, for Prometheus beside Stratus's own metrics"));
    }
    if (ps.startJobsOnBoot()) {
      s.add(
          new IncludeSetting(
              "PrologSlurmctld",
              BootWaitProlog.path(config).toString(),
              Kind.SCALAR,
              "powerSave.startJobsOnBoot",
              "waits for the job's nodes to boot: the batch job starts when they register, not at"
                  + " slurmctld's next 30 s check"));
    }
    if (!config.spot().checkpointDir().isEmpty()) {
      s.add(
          new IncludeSetting(
              "Prolog",
              CheckpointProlog.path(ps).toString(),
              Kind.SCALAR,
              "spot.checkpointDir",
              "makes each job's checkpoint directory as root, owned by the job's user, mode 0700"));
      s.add(
          new IncludeSetting(
              "TaskProlog",
              TaskProlog.path(ps).toString(),
              Kind.SCALAR,
              "spot.checkpointDir",
              "exports STRATUS_CHECKPOINT_DIR (per job, shared by all nodes) to every task"));
    }
    if (gpuHealthOnCloudNodes(config)) {
      s.add(
          new IncludeSetting(
              "HealthCheckProgram",
              HEALTH_CHECK_PROGRAM,
              Kind.SCALAR,
              "pools[].gpuHealth.level",
              "the nodes' GPU health checker once (cloud-init installs it): its signed report goes"
                  + " to the controller, which decides; it drains nothing by itself"));
      s.add(scalar("HealthCheckInterval", 300, "pools[].gpuHealth.level"));
      s.add(
          new IncludeSetting(
              "HealthCheckNodeState", "ANY,CYCLE", Kind.LIST, "pools[].gpuHealth.level"));
    }
    // from 25.05 topology.yaml names each topology's plugin, and slurmctld ignores TopologyPlugin
    if (config.slurm().topology().controllerWrites()
        && !config.slurm().version().takesTopologyYaml()) {
      s.add(
          new IncludeSetting(
              "TopologyPlugin",
              config.slurm().topology() == SlurmSettings.Topology.BLOCK
                  ? "topology/block"
                  : "topology/tree",
              Kind.SCALAR,
              "slurm.topology",
              "topology.conf beside this file: the controller rewrites it from the clouds' placement"));
    }
    return s;
  }

  /** Where cloud-init puts the node's one-shot GPU health check. */
  static final String HEALTH_CHECK_PROGRAM = "/usr/local/sbin/stratus-gpu-healthcheck";

  /**
   * Slurm's HealthCheckProgram is rendered when a pool checks GPU health on cloud nodes, which get
   * the program from cloud-init; local nodes have their watcher and no such file.
   */
  static boolean gpuHealthOnCloudNodes(StratusConfig config) {
    return config.pools().stream()
        .anyMatch(
            p ->
                config.gpuHealth(p.name()).level() > 0
                    && p.offerings().stream().anyMatch(o -> !o.provider().equals("local")));
  }

  private static IncludeSetting scalar(String key, Object value, String source) {
    return new IncludeSetting(key, String.valueOf(value), Kind.SCALAR, source);
  }
}
