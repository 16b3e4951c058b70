package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.bootstrap.StatusLine;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real agent process (own UTS and mount namespaces, as the local provider runs it) fetches the
 * key from the Vault model and starts stand-in munged and slurmd that record their argv and
 * environment. Afterwards nothing the agent or its children wrote, and no child's argv or
 * environment, holds the key (raw or base64), the wrapping token, the secret-id or a client token.
 */
@Tag("root")
class AgentSecretLeakTest {
  static final String DATA_PATH = "secret/data/slurm/munge";
  static final String ROLE_ID = "3f1c-role-id-leak-test";

  @TempDir Path root;
  VaultServer vault;
  final byte[] key = new byte[1024];

  @BeforeEach
  void start() {
    vault = new VaultServer();
    new SecureRandom().nextBytes(key);
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH));
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(key)));
  }

  @AfterEach
  void stop() {
    vault.close();
  }

  @Test
  void theAgentInstallsTheVaultKeyAndNoSecretAppearsInAnyOutputArgvOrEnvironment()
      throws Exception {
    Path wrapFile = root.resolve("run/wrap");
    Files.createDirectories(wrapFile.getParent());
    Files.writeString(wrapFile, vault.wrappedSecretId("slurm-node", 300));

    List<StatusLine> status = runAgent(wrapFile);

    assertThat(status)
        .extracting(StatusLine::step)
        .containsExactly(
            "hostname", "munge-socket", "munge-key", "munged", "controller-auth", "gpus", "slurmd");
    assertThat(status).allMatch(StatusLine::ok);
    Path installed = root.resolve("node/keys/munge.key");
    assertThat(Files.readAllBytes(installed)).isEqualTo(key);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(installed)))
        .isEqualTo("r--------");
    assertThat(wrapFile).doesNotExist();
    assertThat(vault.model.liveTokens()).isZero();
    assertThat(root.resolve("children.log"))
        .content()
        .contains("munged")
        .contains("sinfo")
        .contains("slurmd");
    assertNoSecretAnywhere(installed);
  }

  @Test
  void aReplayedWrappingTokenStopsTheAgentAtTheKeyStepWithoutLeakingIt() throws Exception {
    String wrap = vault.wrappedSecretId("slurm-node", 300);
    Path first = root.resolve("run/first");
    Files.createDirectories(first.getParent());
    Files.writeString(first, wrap);
    runAgent(first);
    Files.delete(root.resolve("node/status.jsonl"));
    Path replay = root.resolve("run/replay");
    Files.writeString(replay, wrap);

    List<StatusLine> status = runAgent(replay);

    StatusLine last = status.get(status.size() - 1);
    assertThat(last.step()).isEqualTo("munge-key");
    assertThat(last.ok()).isFalse();
    assertThat(last.message()).contains("wrapping token is not valid or does not exist");
    assertNoSecretAnywhere(root.resolve("node/keys/munge.key"));
  }

  List<StatusLine> runAgent(Path wrapFile) throws Exception {
    Path sbin = Files.createDirectories(root.resolve("sbin"));
    Path bin = Files.createDirectories(root.resolve("bin"));
    Path children = root.resolve("children.log");
    // Stand-ins record what a real daemon would see: argv and the whole environment.
    String recorder = "#!/bin/sh\n{ echo \"$0 $*\"; env; } >> " + children + "\nexit 0\n";
    for (Path p :
        List.of(
            sbin.resolve("munged"),
            sbin.resolve("slurmd"),
            bin.resolve("munge"),
            bin.resolve("sinfo"))) {
      Files.writeString(p, recorder);
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    }
    Files.createDirectories(root.resolve("etc"));
    Files.writeString(root.resolve("etc/slurm.conf"), "SlurmdSpoolDir=" + root + "/spool/%n\n");
    Files.createDirectories(root.resolve("dev"));
    Path node = Files.createDirectories(root.resolve("node"));
    String settings =
        """
        {"nodeName":"leak-001","address":"10.99.0.2","slurmConf":"%1$s/etc/slurm.conf",
         "sbinDir":"%1$s/sbin","binDir":"%1$s/bin","mungeSocket":"%1$s/munge/munge.socket",
         "nodeDir":"%1$s/node","gpuCount":0,"deviceDir":"%1$s/dev",
         "statusFile":"%1$s/node/status.jsonl","mungeTimeoutMillis":5000,
         "mungeKeySource":{"type":"vault","address":"%2$s","kvMount":"secret",
           "kvPath":"slurm/munge","field":"key","auth":"approle","roleId":"%3$s",
           "wrappingTokenFile":"%4$s","timeoutSeconds":5}}
        """
            .formatted(root, vault.address(), ROLE_ID, wrapFile);
    Path settingsFile = root.resolve("agent.json");
    Files.writeString(settingsFile, settings);
    String java = ProcessHandle.current().info().command().orElseThrow();
    ProcessBuilder pb =
        new ProcessBuilder(
            "/usr/bin/unshare",
            "--uts",
            "--mount",
            "--propagation",
            "private",
            java,
            "-cp",
            System.getProperty("java.class.path"),
            "dev.stratus.bootstrap.AgentMain",
            "--settings",
            settingsFile.toString());
    pb.environment().clear();
    pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("agent.log").toFile()));
    pb.redirectErrorStream(true);
    Process agent = pb.start();
    assertThat(agent.waitFor(60, TimeUnit.SECONDS)).as("agent exits within 60 s").isTrue();
    return Files.readAllLines(node.resolve("status.jsonl")).stream()
        .map(l -> StatusLine.parse(l).orElseThrow())
        .toList();
  }

  /** Every file under the test root except the installed key itself, as bytes and as text. */
  void assertNoSecretAnywhere(Path installedKey) throws IOException {
    List<String> secrets = new ArrayList<>(vault.model.issuedCredentials());
    secrets.add(Base64.getEncoder().encodeToString(key));
    assertThat(vault.model.issuedCredentials()).isNotEmpty();
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).filter(p -> !p.equals(installedKey)).toList();
    }
    assertThat(files).contains(root.resolve("agent.log"), root.resolve("node/status.jsonl"));
    for (Path f : files) {
      byte[] bytes = Files.readAllBytes(f);
      String text = new String(bytes, StandardCharsets.ISO_8859_1);
      assertThat(indexOf(bytes, key)).as("raw key in %s", f).isEqualTo(-1);
      for (String secret : secrets) {
        assertThat(text).as("credential in %s", f).doesNotContain(secret);
      }
    }
  }

  static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
