package dev.stratus.tests.contract;

import dev.stratus.sandbox.embedded.ListenPorts;
import dev.stratus.sandbox.embedded.NodeHardware;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every local-provider test of one run shares: a scratch dir, a munge key (0400), a slurm.conf
 * with {@value #NODES} CLOUD nodes {@code ct-001..} and a gres.conf naming the fake GPU devices, a
 * bridge name and a /24 from 10.200-250.x.0 that no other run uses. No slurmctld is started: its
 * port is a random one, so the nodes' slurmd talk to nobody else's controller.
 */
final class LocalTestbed {
  static final int NODES = 99;
  private static final SecureRandom RANDOM = new SecureRandom();

  final Path root;
  final Path keyFile;
  final Path slurmConf;
  final Path mungeSocket;
  final Path deviceDir;
  final String bridge;
  final String subnet;
  final String gateway;
  final String runId;
  private final AtomicInteger nextNode = new AtomicInteger(1);
  private final AtomicInteger nextCluster = new AtomicInteger(1);

  LocalTestbed() throws IOException {
    runId = HexFormat.of().formatHex(RANDOM.generateSeed(3));
    root = Files.createTempDirectory("stratus-local-" + runId + "-");
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path keys = Files.createDirectories(root.resolve("keys"));
    Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwx------"));
    keyFile = keys.resolve("munge.key");
    byte[] key = new byte[1024];
    RANDOM.nextBytes(key);
    Files.write(keyFile, key);
    Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("r--------"));
    mungeSocket = root.resolve("munge/munge.socket");
    deviceDir = root.resolve("dev");
    bridge = "stb" + runId;
    int b = 200 + RANDOM.nextInt(51);
    int c = RANDOM.nextInt(256);
    subnet = "10." + b + "." + c + ".0/24";
    gateway = "10." + b + "." + c + ".1";
    Path etc = Files.createDirectories(root.resolve("etc"));
    slurmConf = etc.resolve("slurm.conf");
    Files.writeString(slurmConf, slurmConf(ListenPorts.draw(RANDOM)));
    Files.writeString(
        etc.resolve("gres.conf"),
        "NodeName=ct-[001-0" + NODES + "] Name=gpu Type=h100 File=" + deviceDir + "/nvidia[0-7]\n");
  }

  /** What every node really has (no config_overrides: the nodes declare the truth). */
  private static final NodeHardware HOST = NodeHardware.measure(Path.of("/usr/sbin"), null);

  private String slurmConf(int port) throws IOException {
    String host = InetAddress.getLocalHost().getHostName();
    String r = root.toString();
    return String.join(
        "\n",
        "ClusterName=ct" + runId,
        "SlurmctldHost=" + host + "(" + gateway + ")",
        "SlurmctldPort=" + port,
        "SlurmdPort=6818",
        "SlurmUser=root",
        "SlurmdUser=root",
        "AuthType=auth/munge",
        "CredType=cred/munge",
        "AuthInfo=socket=" + mungeSocket + ",cred_expire=10",
        "StateSaveLocation=" + r + "/ctld",
        "SlurmdSpoolDir=" + r + "/slurmd/%n/spool",
        "SlurmdPidFile=" + r + "/slurmd/%n/slurmd.pid",
        "SlurmdLogFile=" + r + "/slurmd/%n/slurmd.log",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "MailProg=/bin/true",
        "MpiDefault=none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core",
        "GresTypes=gpu",
        "ReturnToService=2",
        "NodeName=ct-[001-0"
            + NODES
            + "] State=CLOUD CPUs="
            + HOST.cpus()
            + " RealMemory="
            + HOST.memoryMiB()
            + " Gres=gpu:h100:8",
        "PartitionName=gpu Nodes=ct-[001-0" + NODES + "] Default=YES MaxTime=INFINITE State=UP",
        "");
  }

  /** Deletes the scratch dir (after the nodes are gone: their daemons write into it). */
  void delete() throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** A node name from slurm.conf that no earlier call returned. */
  String nextNodeName() {
    int n = nextNode.getAndIncrement();
    if (n > NODES) {
      throw new IllegalStateException("the test slurm.conf declares only " + NODES + " nodes");
    }
    return String.format("ct-%03d", n);
  }

  /** A cluster name unique to this run and call; its namespaces are {@code st-<cluster>-<node>}. */
  String nextCluster() {
    return "ct" + runId + "n" + nextCluster.getAndIncrement();
  }

  /** A fresh state dir for one provider instance. */
  Path newStateDir() throws IOException {
    return Files.createDirectories(
        root.resolve("state-" + nextCluster.get() + "-" + System.nanoTime()));
  }
}
