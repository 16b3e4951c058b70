package dev.stratus.provider.local.imds;

import dev.stratus.bootstrap.health.HealthWatcherMain;
import dev.stratus.spot.AwsImdsWatcher;
import dev.stratus.spot.HttpNoticeSink;
import dev.stratus.spot.WatcherLoop;
import dev.stratus.wire.ControllerTrust;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.RequestSigner;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What the local provider runs in each node's network namespace: a model of EC2's IMDSv2 on the
 * node's own address ({@link LocalImdsServer}) and, when {@code --sink} is given, the real {@link
 * AwsImdsWatcher} polling it and reporting notices to the controller, signed with the node's key
 * ({@code --key-file}, which also guards the admin path), exactly as on an EC2 spot instance. Runs
 * until killed (it dies with the node). Exit status 2 for bad arguments or an unusable key file.
 */
@Command(
    name = "stratus-local-imds",
    mixinStandardHelpOptions = true,
    description = "IMDSv2 model of a local node, and the AWS notice watcher against it.")
public final class LocalImdsMain implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(LocalImdsMain.class);

  @Option(names = "--listen", required = true, description = "address:port to serve on")
  String listen;

  @Option(names = "--instance", required = true, description = "the instance id to serve")
  String instance;

  @Option(names = "--sink", description = "controller notice URL (no watcher when absent)")
  URI sink;

  @Option(names = "--node", description = "the node's Slurm name, which signs the notices")
  String node;

  @Option(
      names = "--key-file",
      description = "the node's signing key (0400); without it the admin path refuses all")
  Path keyFile;

  @Option(names = "--ca-file", description = "PEM certificate(s) to trust for an https sink")
  Path caFile;

  @Option(
      names = "--interval-ms",
      defaultValue = "1000",
      description = "watcher poll interval in milliseconds (default 1000)")
  long intervalMillis;

  @Option(names = "--nvidia-smi", description = "the node's nvidia-smi: also watch GPU health")
  Path nvidiaSmi;

  @Option(names = "--kernel-log", description = "the node's kernel log, for NVRM Xid lines")
  Path kernelLog;

  @Option(
      names = "--health-interval-ms",
      defaultValue = "5000",
      description = "GPU health poll interval in milliseconds (default 5000)")
  long healthIntervalMillis;

  @Option(names = "--gpus", defaultValue = "0", description = "the node's GPU count (0: as seen)")
  int gpus;

  public static void main(String[] args) {
    int rc = new CommandLine(new LocalImdsMain()).execute(args);
    if (rc != 0) {
      System.exit(rc);
    }
  }

  @Override
  public Integer call() throws Exception {
    int colon = listen.lastIndexOf(':');
    if (colon <= 0 || intervalMillis <= 0) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--listen '" + listen + "' must be address:port, --interval-ms > 0");
    }
    if (sink != null && (node == null || keyFile == null)) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--sink needs --node and --key-file: notices must be signed");
    }
    InetSocketAddress address =
        new InetSocketAddress(
            listen.substring(0, colon), Integer.parseInt(listen.substring(colon + 1)));
    Optional<byte[]> key = keyFile == null ? Optional.empty() : Optional.of(KeyFiles.read(keyFile));
    LocalImdsServer server =
        new LocalImdsServer(
            address, new LocalImds(instance, Clock.systemUTC()), key, Clock.systemUTC());
    log.info("local IMDS for {} on {}", instance, server.address());
    if (sink != null && nvidiaSmi != null) {
      startHealthWatcher();
    }
    if (sink != null) {
      URI base = URI.create("http://" + listen);
      AwsImdsWatcher watcher =
          new AwsImdsWatcher(
              base,
              Optional.empty(),
              new HttpNoticeSink(
                  sink,
                  Duration.ofSeconds(10),
                  new RequestSigner(node, key.get(), Clock.systemUTC()),
                  caFile == null
                      ? Optional.empty()
                      : Optional.of(ControllerTrust.trusting(caFile))),
              Clock.systemUTC(),
              Duration.ofMillis(intervalMillis));
      log.info("watching {} for spot notices, reporting to {}", base, sink);
      new WatcherLoop(watcher, d -> Thread.sleep(d.toMillis()), Duration.ofSeconds(5)).run();
    } else {
      Thread.currentThread().join();
    }
    return 0;
  }

  /**
   * The node's GPU health watcher ({@link HealthWatcherMain}) on a thread of this JVM, reporting to
   * the same controller as the notices ({@code /v1/health} beside {@code --sink}'s path), signed
   * with the same key.
   */
  private void startHealthWatcher() {
    String controller = sink.getScheme() + "://" + sink.getRawAuthority();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--node",
                node,
                "--instance",
                instance,
                "--key-file",
                keyFile.toString(),
                "--sink",
                controller,
                "--nvidia-smi",
                nvidiaSmi.toString(),
                "--interval-ms",
                Long.toString(healthIntervalMillis)));
    if (kernelLog != null) {
      args.addAll(List.of("--kernel-log", kernelLog.toString()));
    }
    if (gpus > 0) {
      args.addAll(List.of("--gpus", Integer.toString(gpus)));
    }
    if (caFile != null) {
      args.addAll(List.of("--ca-file", caFile.toString()));
    }
    Thread t =
        new Thread(
            () -> {
              int rc =
                  HealthWatcherMain.run(args.toArray(String[]::new), System.out, Clock.systemUTC());
              log.warn("GPU health watcher of {} ended with {}", node, rc);
            },
            "gpu-health-watcher");
    t.setDaemon(true);
    t.start();
    log.info("watching the GPUs of {} with {}, reporting to {}", node, nvidiaSmi, controller);
  }
}
