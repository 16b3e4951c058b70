package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.cli.StratusCli;
import dev.stratus.ledger.SqliteCostLedger;
import dev.stratus.testkit.aws.Ec2ModelServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stratus reservations offers|buy|list} against the EC2 model through the real AWS SDK: a
 * block is bought only under the price cap and within the budget, the cloud's dry run first, and
 * nothing without {@code --yes}; once bought, the cloud lists it.
 */
class ReservationsCommandTest {
  static final Pattern OFFER =
      Pattern.compile("^(\\S+)\\s+us-east-1a\\s+2 x p5\\.48xlarge", Pattern.MULTILINE);

  final Ec2ModelServer ec2 = new Ec2ModelServer();
  @TempDir Path dir;
  Path yaml;
  StringWriter out = new StringWriter();
  StringWriter err = new StringWriter();

  @BeforeEach
  void configured() throws Exception {
    ec2.model().subnet("subnet-0a1", "us-east-1a");
    ec2.model().blocks().supply("p5.48xlarge", "us-east-1a", 4, "30.00");
    yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        """
        cluster: blocks
        slurm: {binDir: /usr/bin, sbinDir: /usr/sbin, slurmConf: ./etc/slurm.conf}
        stateDir: ./state
        spoolDir: ./spool
        powerSave: {hookDir: ./bin}
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 192
            memoryMiB: 1900000
            maxNodes: 2
            offerings:
              - {provider: aws, region: us-east-1, zone: us-east-1a, instanceType: p5.48xlarge, capacity: spot}
        budgets:
          - {name: ops, scope: cluster, period: month, amount: 2000, mode: hard}
          - {name: small, scope: cluster, period: month, amount: 500, mode: hard}
        providers:
          aws:
            region: us-east-1
            endpoint: "%s"
            credentials: {accessKeyId: AKIAFAKEFAKEFAKE, secretAccessKey: fake-secret}
            launchTemplate: {id: lt-0123456789abcdef0}
            subnets: {us-east-1a: subnet-0a1}
            reservationsRefreshSeconds: 0
        """
            .formatted(ec2.endpoint()));
    Files.createDirectories(dir.resolve("state"));
    SqliteCostLedger.open(dir.resolve("state/ledger.db")).close();
  }

  @AfterEach
  void stop() {
    ec2.close();
  }

  int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cmd = StratusCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  String[] ask(String sub, String... more) {
    String[] base = {
      "reservations",
      sub,
      "--config",
      yaml.toString(),
      "--provider",
      "aws",
      "--instance-type",
      "p5.48xlarge",
      "--instances",
      "2",
      "--hours",
      "24"
    };
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void aBlockIsBoughtOnlyUnderTheCapWithinTheBudgetAndWithYes() {
    assertThat(run(ask("offers"))).as(err.toString()).isZero();
    Matcher m = OFFER.matcher(out.toString());
    assertThat(m.find()).as(out.toString()).isTrue();
    String offer = m.group(1);
    assertThat(out.toString()).contains("$1,440.00"); // 2 x 24 h x $30

    assertThat(run(ask("buy", "--offer", offer, "--max-usd", "1000", "--budget", "ops")))
        .isEqualTo(1);
    assertThat(err.toString()).contains("over the cap of $1,000.00 (--max-usd)");

    assertThat(run(ask("buy", "--offer", offer, "--max-usd", "5000", "--budget", "small")))
        .isEqualTo(1);
    assertThat(err.toString()).contains("more than budget small has left ($500.00)");

    assertThat(run(ask("buy", "--offer", offer, "--max-usd", "5000", "--budget", "ops")))
        .as(err.toString())
        .isZero();
    assertThat(out.toString()).contains("dry run ok: 2 x p5.48xlarge").contains("nothing bought");
    assertThat(run("reservations", "list", "--config", yaml.toString())).isZero();
    assertThat(out.toString()).doesNotContain("cr-");

    assertThat(run(ask("buy", "--offer", offer, "--max-usd", "5000", "--budget", "ops", "--yes")))
        .as(err.toString())
        .isZero();
    Matcher bought = Pattern.compile("bought (cr-[0-9a-f]+)").matcher(out.toString());
    assertThat(bought.find()).as(out.toString()).isTrue();

    assertThat(run("reservations", "list", "--config", yaml.toString())).isZero();
    assertThat(out.toString()).contains(bought.group(1)).contains("p5.48xlarge");

    // a block pool names it: the report shows its price, no hour of it gone by yet
    writeYaml(readYaml().replace("\nbudgets:", "\n" + blockPool(bought.group(1)) + "budgets:"));
    assertThat(run("reservations", "report", "--config", yaml.toString()))
        .as(err.toString())
        .isZero();
    assertThat(out.toString())
        .containsPattern(
            bought.group(1) + "\\s+block\\s+0\\.00\\s+0\\.00\\s+0\\.00\\s+\\$1,440\\.00");
  }

  static String blockPool(String id) {
    return """
          - name: block
            gpu: {model: h100, count: 8}
            cpus: 192
            memoryMiB: 1900000
            maxNodes: 2
            offerings:
              - {provider: aws, region: us-east-1, zone: us-east-1a, instanceType: p5.48xlarge, capacity: reserved, reservation: %s, pricePerHour: 0}
        """
        .formatted(id);
  }

  String readYaml() {
    try {
      return Files.readString(yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void writeYaml(String text) {
    try {
      Files.writeString(yaml, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void anOfferNoLongerOnSaleIsNotBought() {
    assertThat(
            run(
                ask(
                    "buy",
                    "--offer",
                    "cb-0000000000000000",
                    "--max-usd",
                    "5000",
                    "--budget",
                    "ops")))
        .isEqualTo(2);
    assertThat(err.toString()).contains("offer cb-0000000000000000 is not on sale");
  }
}
