package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.config.VaultKey;
import dev.stratus.core.render.CloudInitWriter;
import dev.stratus.core.render.SlurmConfigWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stratus.yaml that terraform/modules/stratus-config renders, evaluated by `terraform console`
 * from a fixture per cloud (see {@link StratusConfigRoot}), as Stratus takes it: the real config
 * loader, the Slurm include `stratus config render` writes, the cloud-init it writes (fed back into
 * the module the way each example's second apply does) and the cloud provider, which must accept
 * its block and offer every offering the pools name.
 */
class TerraformStratusConfigTest {
  @TempDir Path scratch;
  TerraformCli terraform;

  @BeforeEach
  void findTerraform() throws IOException {
    terraform = TerraformCli.inScratch(scratch);
  }

  StratusConfigRoot root(String cloud) throws Exception {
    return StratusConfigRoot.of(terraform, TerraformModulesTest.TERRAFORM, cloud, scratch);
  }

  @Test
  void awsConfigRendersBothPoolsWithTheLaunchTemplateAndCloudInitThatFitsEc2UserData()
      throws Exception {
    LoadedConfig loaded = ConfigLoader.loadAll(root("aws").stratusYaml(""));

    assertThat(SlurmConfigWriter.renderInclude(loaded))
        .contains(
            "NodeName=aws-h100-[001-004] State=CLOUD CPUs=192 RealMemory=1980000"
                + " Gres=gpu:h100:8 Feature=h100,aws-h100,on-demand,spot Weight=2",
            "NodeName=aws-a100-[001-002] State=CLOUD CPUs=96 RealMemory=1100000"
                + " Gres=gpu:a100:8 Feature=a100,aws-a100,on-demand Weight=1",
            "PartitionName=h100 Nodes=aws-h100-[001-004] Default=YES",
            "PartitionName=a100 Nodes=aws-a100-[001-002] MaxTime");
    assertThat(loaded.config().spot().listen()).isEqualTo("0.0.0.0:8088");
    assertThat(loaded.bootstrap().orElseThrow().noticeUrl())
        .isEqualTo("http://10.20.0.5:8088/v1/notices");
    assertThat(loaded.config().providers().get("aws"))
        .containsEntry(
            "launchTemplate", Map.of("id", "lt-0123456789abcdef0", "version", "$Default"))
        .containsEntry("placementGroups", true);
    assertProviderOffersThePoolsOfferings(loaded.config(), "aws");
    // EC2 takes at most 16 KiB of user data, the aws module's limit on node_user_data.
    assertThat(Files.size(cloudInit(loaded, "aws"))).isLessThanOrEqualTo(16 * 1024);
  }

  @Test
  void gcpConfigTakesTheRenderedCloudInitBackAsUserDataOnTheSecondApply() throws Exception {
    StratusConfigRoot root = root("gcp");
    LoadedConfig first = ConfigLoader.loadAll(root.stratusYaml(""));
    String cloudInit = Files.readString(cloudInit(first, "gcp"));
    LoadedConfig second = ConfigLoader.loadAll(root.stratusYaml(cloudInit));

    assertThat(first.config().providers().get("gcp")).doesNotContainKey("userData");
    assertThat(second.config().providers().get("gcp"))
        .containsEntry("userData", cloudInit)
        .containsEntry(
            "serviceAccount", "stratus-burst-node@my-hpc-project.iam.gserviceaccount.com")
        .containsEntry("compactPlacement", true);
    assertThat(SlurmConfigWriter.renderInclude(second))
        .contains(
            "NodeName=gcp-a100-[001-002] State=CLOUD CPUs=96 RealMemory=660000"
                + " Gres=gpu:a100:8 Feature=a100,gcp-a100,on-demand Weight=2",
            "NodeName=gcp-h100-[001-003] State=CLOUD CPUs=208 RealMemory=1820000"
                + " Gres=gpu:h100:8 Feature=h100,gcp-h100,spot Weight=1",
            "PartitionName=a100 Nodes=gcp-a100-[001-002] Default=YES",
            "PartitionName=h100 Nodes=gcp-h100-[001-003] MaxTime");
    assertThat(second.bootstrap().orElseThrow().vault().auth()).isEqualTo(VaultKey.Auth.CLOUD);
    assertProviderOffersThePoolsOfferings(second.config(), "gcp");
  }

  @Test
  void azureConfigUsesAppRoleWithTheControllersVaultBlockAndTakesTheCloudInitAsCustomData()
      throws Exception {
    StratusConfigRoot root = root("azure");
    LoadedConfig first = ConfigLoader.loadAll(root.stratusYaml(""));
    String cloudInit = Files.readString(cloudInit(first, "azure"));
    LoadedConfig second = ConfigLoader.loadAll(root.stratusYaml(cloudInit));

    assertThat(second.config().providers().get("azure")).containsEntry("customData", cloudInit);
    assertThat(second.config().vault().orElseThrow().roleId())
        .isEqualTo(second.bootstrap().orElseThrow().vault().roleId())
        .isEqualTo("6d8f5e4b-1c2a-4b3d-9e8f-0a1b2c3d4e5f");
    assertThat(second.bootstrap().orElseThrow().vault().auth()).isEqualTo(VaultKey.Auth.APPROLE);
    assertThat(second.config().spot().listen()).isEqualTo("0.0.0.0:9090");
    assertThat(SlurmConfigWriter.renderInclude(second))
        .contains(
            "NodeName=azure-h100-[001-002] State=CLOUD CPUs=96 RealMemory=1840000"
                + " Gres=gpu:h100:8 Feature=h100,azure-h100,on-demand,spot Weight=1",
            "PartitionName=h100 Nodes=azure-h100-[001-002] Default=YES");
    assertProviderOffersThePoolsOfferings(second.config(), "azure");
  }

  @Test
  void aPoolOnACloudWithoutItsProviderBlockIsRefusedAtPlanWithTheCloudNamed() throws Exception {
    StratusConfigRoot root = root("aws");
    Path main = root.dir.resolve("main.tf");
    Files.writeString(
        main,
        Files.readString(main)
            .replace(
                "provider = \"aws\", region = \"us-east-1\", zone = \"us-east-1b\"",
                "provider = \"gcp\", region = \"us-central1\", zone = \"us-central1-a\""));

    var plan = root.plan();

    assertThat(plan.exitCode()).as(plan.describe()).isEqualTo(1);
    assertThat(plan.stderr())
        .as(plan.describe())
        .contains("pools use gcp but no such provider block was given");
  }

  private Path cloudInit(LoadedConfig loaded, String cloud) throws IOException {
    Path out = Files.createTempDirectory(scratch, "render");
    List<Path> written = CloudInitWriter.write(loaded, out);
    assertThat(written).containsExactly(out.resolve(CloudInitWriter.fileName(cloud)));
    return written.get(0);
  }

  /** The real provider takes its rendered block and offers every offering the pools name. */
  private void assertProviderOffersThePoolsOfferings(StratusConfig config, String cloud) {
    Map<String, Object> settings = new HashMap<>(config.providers().get(cloud));
    if (cloud.equals("gcp")) {
      // The GCP clients want credentials when they are built; nothing is called.
      settings.putAll(Map.of("endpoint", "http://127.0.0.1:9", "noCredentials", true));
    }
    NodeProvider provider =
        Providers.find(cloud)
            .create(
                new ProviderContext(
                    config.cluster(),
                    settings,
                    scratch.resolve("provider-" + cloud),
                    new BootstrapSettings(
                        config.slurm().slurmConf(),
                        config.slurm().sbinDir(),
                        config.mungeKeyFile(),
                        config.slurm().mungeSocket()),
                    Clock.systemUTC()));
    Set<OfferingKey> offered =
        provider.offerings().stream().map(o -> o.key()).collect(Collectors.toSet());
    Set<OfferingKey> used =
        config.pools().stream()
            .flatMap(p -> p.offerings().stream())
            .map(o -> o.key())
            .collect(Collectors.toSet());

    assertThat(used).isNotEmpty().allMatch(k -> k.provider().equals(cloud));
    assertThat(offered).containsAll(used);
  }
}
