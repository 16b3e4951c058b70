package dev.stratus.tests;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.conditions.ArchConditions.callMethodWhere;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The module graph, checked on the classes themselves (a dependency Maven brings in transitively is
 * still refused here unless the using module's layer allows it): each layer lists every Stratus
 * package it may use, and nothing else of Stratus; no package cycle anywhere. Each rule first
 * checks that its layer has classes, so a renamed package fails instead of passing vacuously. The
 * modules' poms say the same at artifact level, and {@link ModuleReadmeTest} ties them to each
 * module's README.
 */
class ArchitectureRulesTest {
  static final JavaClasses ALL =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(location -> !location.contains("-tests.jar")) // test-jars: fixtures
          .importPackages("dev.stratus");

  /** A layer: its packages, and the other Stratus packages it may use. */
  record Layer(String name, String[] packages, String[] mayUse) {
    Layer(String name, String packages, String... mayUse) {
      this(name, new String[] {packages}, mayUse);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static final String API = "dev.stratus.api..";
  static final String WIRE = "dev.stratus.wire..";
  static final String HOOK = "dev.stratus.hook..";
  static final String POLICY = "dev.stratus.policy..";
  static final String TEMPLATES = "dev.stratus.templates..";
  static final String CORE = "dev.stratus.core..";
  static final String LEDGER = "dev.stratus.ledger..";
  static final String SIMULATOR = "dev.stratus.simulator..";
  static final String DAEMON = "dev.stratus.daemon..";
  static final String CLI = "dev.stratus.cli..";
  static final String BOOTSTRAP = "dev.stratus.bootstrap..";
  static final String SPOT = "dev.stratus.spot..";

  static Stream<Arguments> layers() {
    return Stream.of(
            new Layer("wire", WIRE),
            new Layer("hook", HOOK),
            new Layer("config-templates", TEMPLATES),
            new Layer("provider-api", API, WIRE),
            new Layer("provider-testkit", "dev.stratus.testkit..", API, WIRE),
            new Layer("policy", POLICY, "dev.stratus.api.model.."),
            new Layer("elastic-core", CORE, API, WIRE, HOOK, POLICY, TEMPLATES),
            new Layer("ledger", LEDGER, CORE, API),
            new Layer("simulator", SIMULATOR, CORE, LEDGER, API, HOOK, POLICY, WIRE),
            new Layer("node-bootstrap", BOOTSTRAP, WIRE),
            new Layer("spot-handler", SPOT, WIRE),
            new Layer("providers/aws", "dev.stratus.provider.aws..", API, WIRE),
            new Layer("providers/gcp", "dev.stratus.provider.gcp..", API, WIRE),
            new Layer("providers/azure", "dev.stratus.provider.azure..", API, WIRE),
            new Layer("providers/oci", "dev.stratus.provider.oci..", API, WIRE),
            new Layer("providers/lambda", "dev.stratus.provider.lambda..", API, WIRE),
            new Layer(
                "providers/local", "dev.stratus.provider.local..", API, WIRE, BOOTSTRAP, SPOT),
            new Layer("daemon", DAEMON, CORE, LEDGER, API, HOOK, WIRE, POLICY),
            new Layer(
                "cli", CLI, DAEMON, CORE, LEDGER, SIMULATOR, API, HOOK, WIRE, POLICY, TEMPLATES),
            new Layer(
                "sandbox",
                "dev.stratus.sandbox..",
                CLI,
                DAEMON,
                CORE,
                LEDGER,
                API,
                HOOK,
                WIRE,
                TEMPLATES,
                "dev.stratus.provider.local.."))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void eachLayerUsesOnlyTheStratusPackagesItLists(Layer layer) {
    JavaClasses mine = ALL.that(resideInAnyPackage(layer.packages()));
    assertThat(mine).as("classes of " + layer).isNotEmpty();
    String[] allowed =
        Stream.concat(Stream.of(layer.packages()), Stream.of(layer.mayUse()))
            .toArray(String[]::new);
    classes()
        .that()
        .resideInAnyPackage(layer.packages())
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage("dev.stratus..").or(resideInAnyPackage(allowed)))
        .check(ALL);
  }

  /** The decisions: a plan, a budget's admission, a policy's choice. */
  static final String[] PURE = {"dev.stratus.core.plan..", "dev.stratus.core.money..", POLICY};

  /**
   * No file, socket or HTTP in the pure packages, so a plan is a function of its snapshot and every
   * test of it is exact. All of {@code java.io} is refused, {@code UncheckedIOException} too: code
   * that catches or throws it has done I/O. Only the marker {@code java.io.Serializable} (every
   * enum implements it) is let through.
   */
  @Test
  void theDecisionsDoNoIo() {
    assertThat(ALL.that(resideInAnyPackage(PURE))).isNotEmpty();
    noClasses()
        .that()
        .resideInAnyPackage(PURE)
        .should()
        .dependOnClassesThat(
            resideInAnyPackage("java.io..", "java.nio.file..", "java.nio.channels..", "java.net..")
                .and(not(name("java.io.Serializable"))))
        .check(ALL);
  }

  /** Time comes in the snapshot ({@code Snapshot.now}) or the decision's input; no clock read. */
  @Test
  void theDecisionsReadNoClock() {
    noClasses()
        .that()
        .resideInAnyPackage(PURE)
        .should()
        .dependOnClassesThat()
        .areAssignableTo(Clock.class)
        .orShould(
            callMethodWhere(
                target(name("now"))
                    .and(target(owner(resideInAPackage("java.time"))))
                    .as("a java.time now()")))
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(System.class, "nanoTime")
        .check(ALL);
  }

  /** What a pass did is logged by the controller that carries it out, from the plan's data. */
  @Test
  void theDecisionsLogNothing() {
    noClasses()
        .that()
        .resideInAnyPackage(PURE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.slf4j..", "java.util.logging..", "ch.qos..")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(System.Logger.class, System.LoggerFinder.class)
        .check(ALL);
  }

  /** A cloud's SDK is its provider's business (and the node agent's logins'): nobody else's. */
  @Test
  void onlyProvidersAndTheNodeAgentUseACloudSdk() {
    noClasses()
        .that(not(resideInAnyPackage("dev.stratus.provider..", BOOTSTRAP)))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "software.amazon..",
            "com.google.cloud..",
            "com.google.api..",
            "com.azure..",
            "com.oracle.bmc..")
        .check(ALL);
  }

  @Test
  void noPackageCycleAnywhere() {
    SlicesRuleDefinition.slices().matching("dev.stratus.(**)").should().beFreeOfCycles().check(ALL);
  }

  @Test
  void noProviderUsesAnother() {
    JavaClasses providers = ALL.that(resideInAnyPackage("dev.stratus.provider.."));
    assertThat(providers.stream().map(c -> c.getPackageName().split("\\.")[3]).distinct())
        .containsExactlyInAnyOrder("aws", "gcp", "azure", "oci", "lambda", "local");
    SlicesRuleDefinition.slices()
        .matching("dev.stratus.provider.(*)..")
        .should()
        .notDependOnEachOther()
        .check(providers);
  }

  @Test
  void nothingButTheCommandLineAndTheSandboxUsesTheCommandLinesOrTheSandbox() {
    classes()
        .that(not(resideInAnyPackage(CLI, "dev.stratus.sandbox..")))
        .should()
        .onlyDependOnClassesThat(not(resideInAnyPackage(CLI, "dev.stratus.sandbox..")))
        .check(ALL);
  }
}
