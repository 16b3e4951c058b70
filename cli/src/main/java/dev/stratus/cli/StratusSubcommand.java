package dev.stratus.cli;

/**
 * A {@code stratus} subcommand that another module adds: a picocli command class implementing this
 * interface and named in that module's {@code META-INF/services/dev.stratus.cli.StratusSubcommand}
 * (it needs a public no-argument constructor). The command line finds them with {@link
 * java.util.ServiceLoader} at start, so a distribution gets exactly the commands of the jars it
 * ships: the sandbox's {@code demo} and {@code local} are in the developer's tree, not in the
 * operator's package.
 */
public interface StratusSubcommand {}
