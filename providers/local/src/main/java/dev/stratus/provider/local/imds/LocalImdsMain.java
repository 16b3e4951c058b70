package dev.stratus.provider.local.imds;

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
}
