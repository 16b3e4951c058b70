package dev.stratus.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What stratus-node-VERSION.tar.gz holds: the agent, the watcher, what they need, nothing else. */
class NodeArchiveContentsIT {
  static final String AGENT = "dev.stratus.stratus-node-bootstrap";
  static final String WATCHER = "dev.stratus.stratus-spot-handler";

  /**
   * The only cloud SDK jars a node gets. node-bootstrap's AWS IAM login to Vault takes the
   * instance-profile credentials from IMDSv2 ({@code auth}) and signs sts:GetCallerIdentity with
   * the SDK's SigV4 signer ({@code http-auth-aws}); the rest is what those two load at run time. No
   * service client and no HTTP client implementation.
   */
  static final Set<String> AWS_SIGNER_AND_CREDENTIALS =
      Stream.concat(
              Stream.of(
                      "auth",
                      "http-auth-aws",
                      "annotations",
                      "utils",
                      "sdk-core",
                      "metrics-spi",
                      "endpoints-spi",
                      "retries-spi",
                      "retries",
                      "identity-spi",
                      "regions",
                      "profiles",
                      "http-client-spi",
                      "json-utils",
                      "third-party-jackson-core",
                      "http-auth-aws-eventstream",
                      "http-auth",
                      "http-auth-spi",
                      "checksums-spi",
                      "checksums")
                  .map(a -> "software.amazon.awssdk." + a),
              Stream.of("software.amazon.eventstream.eventstream"))
          .collect(Collectors.toSet());

  /**
   * The OCI SDK jars a node gets: node-bootstrap's OCI login to Vault signs its request with the
   * instance principal ({@code common}: the instance-principals provider and request signer), which
   * reaches the metadata service and the federation endpoint through the SDK's HTTP client ({@code
   * common-httpclient}, {@code -jersey3}); {@code circuitbreaker} is what {@code common} loads
   * (switched off). No service client.
   */
  static final Set<String> OCI_SIGNER_AND_CREDENTIALS =
      Stream.of(
              "oci-java-sdk-common",
              "oci-java-sdk-common-httpclient",
              "oci-java-sdk-common-httpclient-jersey3",
              "oci-java-sdk-circuitbreaker")
          .map(a -> "com.oracle.oci.sdk." + a)
          .collect(Collectors.toSet());

  /** Class-name prefixes of controller-side code and libraries, and what each one is. */
  static final Map<String, String> NOT_ON_A_NODE =
      Map.ofEntries(
          Map.entry("dev/stratus/core/", "elastic-core"),
          Map.entry("dev/stratus/api/", "the provider API"),
          Map.entry("dev/stratus/hook/", "the Slurm hook and the spool"),
          Map.entry("dev/stratus/cli/", "the CLI and controller runtime (Vault controller side)"),
          Map.entry("dev/stratus/provider/", "a provider plugin"),
          Map.entry("dev/stratus/templates/", "config-templates"),
          Map.entry("org/quartz/", "Quartz"),
          Map.entry("io/prometheus/", "the Prometheus registry"),
          Map.entry("io/micrometer/", "Micrometer"),
          Map.entry("com/samskivert/mustache/", "jmustache, the template engine"),
          Map.entry("com/google/cloud/", "the GCP SDK"),
          Map.entry("com/google/api/", "Google's API client"),
          Map.entry("com/azure/", "the Azure SDK"),
          Map.entry("com/microsoft/aad/", "MSAL (Azure identity)"),
          Map.entry("software/amazon/awssdk/services/", "an AWS service client"),
          Map.entry("com/oracle/bmc/core/", "an OCI service client (Compute)"));

  @TempDir static Path installDir;
  static NodeArchive archive;
  static Map<String, Path> artifacts;
  static Map<String, Set<String>> uses;

  @BeforeAll
  static void unpack() throws Exception {
    archive = NodeArchive.unpackInto(installDir);
    artifacts = archive.artifacts();
    uses = new Jdeps(archive).uses();
    System.out.printf("%s: %d jars%n", archive.file.getFileName(), artifacts.size());
    artifacts.keySet().forEach(a -> System.out.println("  " + a));
  }

  @Test
  void everyEntryIsAJarUnderLibSoCloudInitCanRunLibStar() {
    assertThat(archive.entries).isNotEmpty().allMatch(e -> e.matches("lib/[^/]+\\.jar"));
  }

  @Test
  void itHoldsTheAgentsAndTheWatchersMainClasses() throws IOException {
    assertThat(classes(artifacts.get(AGENT))).contains("dev/stratus/bootstrap/AgentMain.class");
    assertThat(classes(artifacts.get(WATCHER))).contains("dev/stratus/spot/WatcherMain.class");
  }

  @Test
  void noJarCarriesControllerCodeOrAControllerLibrary() throws IOException {
    List<String> found = new ArrayList<>();
    for (Map.Entry<String, Path> jar : artifacts.entrySet()) {
      for (String cls : classes(jar.getValue())) {
        NOT_ON_A_NODE.forEach(
            (prefix, what) -> {
              if (cls.startsWith(prefix)) {
                found.add(jar.getKey() + ": " + what + " (" + cls + ")");
              }
            });
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void theOnlyCloudSdkJarsAreTheAwsSignerAndCredentialsWithWhatTheyNeed() {
    onlyTheAgentsCloudLoginUses("software.amazon.", AWS_SIGNER_AND_CREDENTIALS, "AWS");
  }

  @Test
  void theOnlyOciSdkJarsAreTheInstancePrincipalSignerWithItsHttpClient() {
    onlyTheAgentsCloudLoginUses("com.oracle.oci.sdk.", OCI_SIGNER_AND_CREDENTIALS, "OCI");
  }

  /**
   * The archive's jars named {@code prefix…} are exactly {@code expected}; only the agent uses
   * them.
   */
  static void onlyTheAgentsCloudLoginUses(String prefix, Set<String> expected, String cloud) {
    assertThat(artifacts.keySet().stream().filter(a -> a.startsWith(prefix)))
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(usersOf(prefix).stream().filter(u -> !u.startsWith(prefix)))
        .as(
            "outside the "
                + cloud
                + " jars only the agent (its Vault "
                + cloud
                + " login) uses them")
        .containsExactly(AGENT);
  }

  @Test
  void picocliIsThereOnlyBecauseTheWatchersCommandLineUsesIt() {
    assertThat(artifacts).containsKey("info.picocli.picocli");
    assertThat(usersOf("info.picocli.picocli")).containsExactly(WATCHER);
  }

  @Test
  void everyClassTheStratusJarsReferToIsInTheArchive() throws IOException {
    List<Path> stratus =
        artifacts.entrySet().stream()
            .filter(e -> e.getKey().startsWith("dev.stratus."))
            .map(Map.Entry::getValue)
            .toList();
    assertThat(stratus).hasSize(3);
    assertThat(new Jdeps(archive).run("--missing-deps", stratus)).isBlank();
  }

  /** The artifacts whose classes use an artifact whose name starts so. */
  static Set<String> usersOf(String artifactPrefix) {
    Set<String> users = new TreeSet<>();
    uses.forEach(
        (user, used) -> {
          if (used.stream().anyMatch(u -> u.startsWith(artifactPrefix))) {
            users.add(user);
          }
        });
    return users;
  }

  static List<String> classes(Path jar) throws IOException {
    try (JarFile j = new JarFile(jar.toFile())) {
      return j.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class")).toList();
    }
  }
}
