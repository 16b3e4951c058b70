package dev.stratus.tests.contract;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import org.junit.jupiter.api.Test;

/**
 * The providers are plug-ins of the core, each on its own: none uses another (their modules do not
 * depend on each other, and this keeps it so), none uses the command line or the controller's
 * runtime, and what they take from the core is the SPI and the small libraries beside it.
 */
class ProviderArchitectureTest {
  static final JavaClasses PROVIDERS =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.stratus.provider");

  @Test
  void noProviderUsesAnother() {
    SlicesRuleDefinition.slices()
        .matching("dev.stratus.provider.(*)..")
        .should()
        .notDependOnEachOther()
        .check(PROVIDERS);
  }

  @Test
  void noProviderUsesTheCommandLine() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.stratus.cli..")
        .check(PROVIDERS);
  }

  @Test
  void providersTakeOnlyTheSpiAndItsLibrariesFromTheCore() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.stratus.core.controller..",
            "dev.stratus.core.plan..",
            "dev.stratus.core.config..",
            "dev.stratus.core.render..",
            "dev.stratus.core.slurm..",
            "dev.stratus.hook.spool..",
            "dev.stratus.hook..",
            "dev.stratus.core.notice..")
        .check(PROVIDERS);
  }

  @Test
  void everyProviderIsImported() {
    org.assertj.core.api.Assertions.assertThat(
            PROVIDERS.stream().map(c -> c.getPackageName()).distinct())
        .contains(
            "dev.stratus.provider.aws",
            "dev.stratus.provider.gcp",
            "dev.stratus.provider.azure",
            "dev.stratus.provider.local");
  }
}
