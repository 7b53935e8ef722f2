package dev.taskgate.frontend;

import java.time.Instant;
import java.util.UUID;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

@AnalyzeClasses(packages = "dev.taskgate.frontend", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyTheCommandPackageTalksToKafka = noClasses()
            .that()
            .resideOutsideOfPackages("..frontend.command..", "..frontend.mcp.progress..", "..frontend.kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.apache.kafka..", "dev.taskgate.topicreader..")
            .because("commands and replies go through CommandGateway, progress and lifecycle signals through "
                    + "ExecutionSignals, and the instance's one consumer is InstanceTopics; use them instead of "
                    + "opening producers or consumers elsewhere");

    @ArchTest
    static final ArchRule coreIgnoresHttp = noClasses()
            .that()
            .resideInAnyPackage(
                    "..frontend.execution",
                    "..frontend.handle",
                    "..frontend.problem",
                    "..frontend.auth",
                    "..frontend.command")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("jakarta.ws.rs..", "org.jboss.resteasy..")
            .because("HTTP types belong in execution.rest, query and web; throw ProblemException and let "
                    + "ProblemMappers render it");

    @ArchTest
    static final ArchRule mcpProtocolIsTransportIndependent = noClasses()
            .that()
            .resideInAnyPackage(
                    "..frontend.mcp", "..frontend.mcp.v2025..", "..frontend.mcp.compat..", "..frontend.mcp.rounds..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("jakarta.ws.rs..", "org.jboss.resteasy..", "io.vertx..", "..frontend.mcp.http..")
            .because("the MCP protocols (2026-07-28 in mcp, 2025-era in mcp.v2025) are shared by Streamable HTTP "
                    + "and stdio; HTTP headers, statuses, SSE and Origin checks belong in mcp.http, which maps "
                    + "McpException.Disposition to a status");

    @ArchTest
    static final ArchRule mcpSendsCommandsThroughExecutionCommands = noClasses()
            .that()
            .resideInAPackage("..frontend.mcp..")
            .should()
            .dependOnClassesThat()
            .haveSimpleName("CommandGateway")
            .because("ExecutionCommands checks tool, scope and input before anything is published; go through it");

    @ArchTest
    static final ArchRule onlyQueriesCallJobControlOverHttp = noClasses()
            .that()
            .resideOutsideOfPackages("..frontend.query..", "..frontend.operator")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.quarkus.rest.client..")
            .because("reads of execution state go through ExecutionQueries (operator calls through OperatorGateway), "
                    + "which map job-control's answers to the uniform 404 and 503");

    @ArchTest
    static final ArchRule restAdaptersDoNotUseTheGatewayDirectly = noClasses()
            .that()
            .resideInAPackage("..execution.rest..")
            .should()
            .dependOnClassesThat()
            .haveSimpleName("CommandGateway")
            .because("ExecutionCommands checks tool, scope and input before anything is published; go through it");

    @ArchTest
    static final ArchRule timeComesFromTheInjectedClock = noClasses()
            .should()
            .callMethod(Instant.class, "now")
            .because("inject java.time.Clock so that tests can fix time");

    @ArchTest
    static final ArchRule noRandomIdsInTheCore = noClasses()
            .that()
            .resideInAnyPackage("..frontend.handle..", "..frontend.auth..", "..frontend.problem..")
            .should()
            .callMethod(UUID.class, "randomUUID")
            .because("handles, callers and problems are deterministic; ids come from job-control or the edges");
}
