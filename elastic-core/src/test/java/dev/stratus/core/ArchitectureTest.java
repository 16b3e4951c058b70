package dev.stratus.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** elastic-core stays cloud-neutral: it may talk to providers only through the SPI. */
class ArchitectureTest {
  static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.stratus.core");

  @Test
  void coreImportsNoCloudSdk() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "software.amazon..", "com.google.cloud..", "com.google.api..", "com.azure..")
        .check(CORE);
  }

  @Test
  void coreImportsNoProvider() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.stratus.provider..")
        .check(CORE);
  }

  @Test
  void theSpiDependsOnlyOnTheModel() {
    noClasses()
        .that()
        .resideInAPackage("dev.stratus.core.spi..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.stratus.core.controller..", "dev.stratus.core.plan..", "dev.stratus.cli..")
        .check(CORE);
  }
}
