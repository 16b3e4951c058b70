package dev.stratus.bootstrap.health;

import dev.stratus.wire.ControllerTrust;
import dev.stratus.wire.GpuHealthCodec;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * The GPU health watcher's command line:
 *
 * <pre>
 * HealthWatcherMain --node NAME --instance ID --key-file PATH --sink URL [--ca-file PEM]
 *     --nvidia-smi PATH [--kernel-log PATH] [--interval-ms 2000] [--timeout-ms 5000] [--gpus N]
 *     [--once] [--print]
 * </pre>
 *
 * Reports are POSTed signed with the node's key to {@code <sink>/v1/health}. {@code --once}: one
 * poll, then exit (0 when delivered or printed, 1 when not). {@code --print}: write the report's
 * JSON to stdout instead of POSTing it ({@code --key-file} and {@code --sink} are then not needed).
 * Exit 2 for bad arguments.
 */
public final class HealthWatcherMain {
  static final String USAGE =
      "usage: HealthWatcherMain --node NAME --instance ID --key-file PATH --sink URL"
          + " [--ca-file PEM] --nvidia-smi PATH [--kernel-log PATH] [--interval-ms 2000]"
          + " [--timeout-ms 5000] [--gpus N] [--once] [--print]";
  private static final Set<String> VALUED =
      Set.of(
          "--node",
          "--instance",
          "--key-file",
          "--sink",
          "--ca-file",
          "--nvidia-smi",
          "--kernel-log",
          "--interval-ms",
          "--timeout-ms",
          "--gpus");
  private static final Set<String> FLAGS = Set.of("--once", "--print");
  private static final Duration POST_TIMEOUT = Duration.ofSeconds(5);

  private HealthWatcherMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, Clock.systemUTC()));
  }

  /** The options, checked. */
  record Options(
      String node,
      String instance,
      Optional<Path> keyFile,
      Optional<URI> sink,
      Optional<Path> caFile,
      Path nvidiaSmi,
      Optional<Path> kernelLog,
      Duration interval,
      Duration timeout,
      int gpus,
      boolean once,
      boolean print) {}

  static Options parse(String[] args) {
    Map<String, String> v = new HashMap<>();
    boolean once = false;
    boolean print = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (FLAGS.contains(a)) {
        once |= a.equals("--once");
        print |= a.equals("--print");
      } else if (VALUED.contains(a) && i + 1 < args.length) {
        if (v.put(a, args[++i]) != null) {
          throw new IllegalArgumentException(a + " given twice");
        }
      } else {
        throw new IllegalArgumentException("unknown or incomplete option '" + a + "'");
      }
    }
    for (String required : List.of("--node", "--instance", "--nvidia-smi")) {
      if (!v.containsKey(required)) {
        throw new IllegalArgumentException(required + " is required");
      }
    }
    if (!print && (!v.containsKey("--key-file") || !v.containsKey("--sink"))) {
      throw new IllegalArgumentException("--key-file and --sink are required unless --print");
    }
    return new Options(
        v.get("--node"),
        v.get("--instance"),
        Optional.ofNullable(v.get("--key-file")).map(Path::of),
        Optional.ofNullable(v.get("--sink")).map(HealthWatcherMain::healthUrl),
        Optional.ofNullable(v.get("--ca-file")).map(Path::of),
        Path.of(v.get("--nvidia-smi")),
        Optional.ofNullable(v.get("--kernel-log")).map(Path::of),
        Duration.ofMillis(positive(v, "--interval-ms", 2000)),
        Duration.ofMillis(positive(v, "--timeout-ms", 5000)),
        (int) Math.min(positive(v, "--gpus", 0), 64),
        once,
        print);
  }

  /** {@code http://controller:8080} (or with a trailing slash): {@code .../v1/health}. */
  static URI healthUrl(String sink) {
    URI u = URI.create(sink.replaceFirst("/+$", "") + "/v1/health");
    if (u.getScheme() == null
        || !(u.getScheme().equals("http") || u.getScheme().equals("https"))
        || u.getHost() == null) {
      throw new IllegalArgumentException("--sink must be an http or https URL, got " + sink);
    }
    return u;
  }

  private static long positive(Map<String, String> v, String key, long dflt) {
    String s = v.get(key);
    if (s == null) {
      return dflt;
    }
    try {
      long n = Long.parseLong(s);
      if (n < 0 || (n == 0 && !key.equals("--gpus"))) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a positive whole number, got '" + s + "'");
    }
  }

  /** Runs the watcher as {@code main} would, without exiting: the exit status. */
  public static int run(String[] args, PrintStream out, Clock clock) {
    Options o;
    HealthWatcher.Sink sink;
    HealthWatcher.LogSource log;
    try {
      o = parse(args);
      sink = o.print() ? r -> out.println(GpuHealthCodec.write(r)) : httpSink(o, clock);
      log = logSource(o);
    } catch (IllegalArgumentException | IOException e) {
      System.err.println("health watcher: " + e.getMessage());
      System.err.println(USAGE);
      return 2;
    }
    HealthWatcher w =
        new HealthWatcher(
            o.node(),
            o.instance(),
            o.gpus(),
            () -> GpuProbe.read(o.nvidiaSmi(), o.timeout()),
            log,
            clock);
    if (!o.once()) {
      w.run(o.interval(), sink, d -> Thread.sleep(d.toMillis()));
      return 0;
    }
    try {
      sink.send(w.poll());
      return 0;
    } catch (IOException e) {
      System.err.println("health watcher: report not delivered: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }

  private static HealthWatcher.LogSource logSource(Options o) throws IOException {
    if (o.kernelLog().isEmpty()) {
      return List::of;
    }
    return KernelLog.Follower.of(o.kernelLog().get(), uptimeMicros())::poll;
  }

  /** Microseconds since boot ({@code /proc/uptime}); 0 where that cannot be read. */
  static long uptimeMicros() {
    try {
      String s = Files.readString(Path.of("/proc/uptime"), StandardCharsets.US_ASCII);
      return (long) (Double.parseDouble(s.strip().split("\\s+")[0]) * 1_000_000);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static HealthWatcher.Sink httpSink(Options o, Clock clock) throws IOException {
    byte[] key = KeyFiles.read(o.keyFile().orElseThrow());
    RequestSigner signer;
    try {
      signer = new RequestSigner(o.node(), key, clock);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
    Optional<SSLContext> tls =
        o.caFile().isPresent()
            ? Optional.of(ControllerTrust.trusting(o.caFile().get()))
            : Optional.empty();
    SignedPost post = new SignedPost(SignedPost.client(tls, POST_TIMEOUT), signer, POST_TIMEOUT);
    URI url = o.sink().orElseThrow();
    return r -> {
      SignedPost.Response answer =
          post.post(url, GpuHealthCodec.write(r).getBytes(StandardCharsets.UTF_8));
      if (!answer.accepted()) {
        throw new IOException(
            "POST " + url + " answered HTTP " + answer.status() + " " + answer.body().strip());
      }
    };
  }
}
