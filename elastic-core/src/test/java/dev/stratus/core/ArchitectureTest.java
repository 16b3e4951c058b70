package dev.stratus.core;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.conditions.ArchConditions.callMethodWhere;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.syntax.elements.GivenClassesConjunction;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/**
 * elastic-core stays cloud-neutral and its decisions stay pure: it imports no cloud SDK and no
 * provider, and the planner and the money rules read no clock, do no I/O and log nothing, so a plan
 * is a function of its snapshot and every test of it is exact. The rules fail on an empty set of
 * classes (ArchUnit's default), so a renamed package cannot pass them vacuously. The module graph
 * and the cycle rule are tests/'s ArchitectureRulesTest; the policy's purity is its own module's.
 */
class ArchitectureTest {
  static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.stratus.core");

  /** The pure packages (the deadline policy, in its own module, has its own rule). */
  static final String[] PURE = {"dev.stratus.core.plan..", "dev.stratus.core.money.."};

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

  /**
   * No file, socket or HTTP in the pure packages. All of {@code java.io} is refused, {@code
   * UncheckedIOException} too: a planner that catches or throws it has done I/O. Only the marker
   * {@code java.io.Serializable} (every enum implements it) is let through.
   */
  @Test
  void thePlannerAndThePoliciesDoNoIo() {
    noPureClass()
        .should()
        .dependOnClassesThat(
            JavaClass.Predicates.resideInAnyPackage(
                    "java.io..", "java.nio.file..", "java.nio.channels..", "java.net..")
                .and(DescribedPredicate.not(name("java.io.Serializable"))))
        .check(CORE);
  }

  /** Time comes in the snapshot ({@code Snapshot.now}); the planner never reads a clock. */
  @Test
  void thePlannerAndThePoliciesReadNoClock() {
    noPureClass()
        .should()
        .dependOnClassesThat()
        .areAssignableTo(Clock.class)
        .orShould(
            callMethodWhere(
                target(name("now"))
                    .and(target(owner(JavaClass.Predicates.resideInAPackage("java.time"))))
                    .as("a java.time now()")))
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(System.class, "nanoTime")
        .check(CORE);
  }

  /** What a pass did is logged by the controller that carries it out, from the plan's data. */
  @Test
  void thePlannerAndThePoliciesLogNothing() {
    noPureClass()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.slf4j..", "java.util.logging..", "org.apache.logging..")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(System.Logger.class, System.LoggerFinder.class)
        .check(CORE);
  }

  private static GivenClassesConjunction noPureClass() {
    return noClasses().that().resideInAnyPackage(PURE);
  }
}
