package dev.taskgate.jobctl;

import java.time.Clock;
import java.util.function.Function;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.execution.ExecutionStateMachine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

@AnalyzeClasses(packages = "dev.taskgate.jobctl", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] DOMAIN = {
        "..jobctl.execution",
        "..jobctl.submit",
        "..jobctl.cancel",
        "..jobctl.report",
        "..jobctl.query",
        "..jobctl.command",
        "..jobctl.lifetime",
        "..jobctl.payload",
        "..jobctl.operator",
        "..jobctl.operator.audit",
        "..jobctl.liveness",
        "..jobctl.recovery",
        "..jobctl.deadletter"
    };

    @ArchTest
    static final ArchRule domainIgnoresTransports = noClasses()
            .that()
            .resideInAnyPackage(DOMAIN)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "jakarta.ws.rs..",
                    "org.jboss.resteasy..",
                    "org.apache.kafka..",
                    "io.smallrye.reactive.messaging..",
                    "org.eclipse.microprofile.reactive..")
            .because("HTTP and Kafka types belong in the feature's rest/kafka package; pass contract records into "
                    + "the services instead");

    @ArchTest
    static final ArchRule restDoesNotTouchPersistence = noClasses()
            .that()
            .resideInAnyPackage("..rest..", "..web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("..db..", "io.vertx.mutiny.sqlclient..")
            .because("resources call a query or service class and return contract records; SQL stays in the "
                    + "*.db repositories");

    @ArchTest
    static final ArchRule kafkaAdaptersDoNotTouchPersistence = noClasses()
            .that()
            .resideInAnyPackage("..kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("..db..", "io.vertx.mutiny.sqlclient..")
            .because("consumers parse, hand the record to a *Service that owns the transaction, and acknowledge");

    @ArchTest
    static final ArchRule transactionsStartWithTheirFirstStatement = noClasses()
            .should()
            .callMethod(Pool.class, "withTransaction", Function.class)
            .because("db.Transactions.within sends a transaction's first statement right behind its BEGIN; "
                    + "Pool.withTransaction waits a round trip for BEGIN's answer first");

    @ArchTest
    static final ArchRule noHibernate = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.hibernate..", "jakarta.persistence..")
            .because("runtime data access is plain SQL over the reactive client (design decision); Flyway owns "
                    + "the schema");

    @ArchTest
    static final ArchRule stateMachineIsFinal = classes()
            .that()
            .belongToAnyOf(ExecutionStateMachine.class)
            .should()
            .haveModifier(com.tngtech.archunit.core.domain.JavaModifier.FINAL)
            .because("the transition table has exactly one definition; extend the table, not the class");

    @ArchTest
    static final ArchRule noSystemClockInDomain = noClasses()
            .that()
            .resideInAnyPackage(DOMAIN)
            .should()
            .callMethod(java.time.Instant.class, "now")
            .orShould()
            .callMethod(java.util.UUID.class, "randomUUID")
            .because("inject DbClock and IdSource so time and ids are controllable in tests");

    @ArchTest
    static final ArchRule nowComesFromDbClock = noClasses()
            .that()
            .doNotBelongToAnyOf(DbClock.class, TimeSources.class)
            .should()
            .dependOnClassesThat()
            .belongToAnyOf(Clock.class)
            .because("take \"now\" from DbClock: PostgreSQL keeps microseconds, and one truncation for every instant "
                    + "keeps what job-control holds in memory equal to what its rows say");
}
