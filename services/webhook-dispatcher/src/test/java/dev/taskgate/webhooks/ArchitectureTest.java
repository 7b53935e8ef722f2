package dev.taskgate.webhooks;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

@AnalyzeClasses(packages = "dev.taskgate.webhooks", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyTheSignalAdapterTalksToKafka = noClasses()
            .that()
            .resideOutsideOfPackage("..webhooks.signal.kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.apache.kafka..",
                    "io.smallrye.reactive.messaging..",
                    "org.eclipse.microprofile.reactive.messaging..")
            .because("lifecycle records come in through signal.kafka (LifecycleIntake reads them, "
                    + "LifecycleConsumer hands them to SignalService); add readers there and pass contract records on "
                    + "instead of using Kafka types elsewhere");

    @ArchTest
    static final ArchRule httpServerTypesOnlyInTheRestAdapters = noClasses()
            .that()
            .resideOutsideOfPackages("..webhooks.delivery.rest..", "..webhooks.subscription.rest..", "..webhooks.web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("jakarta.ws.rs..", "org.jboss.resteasy..")
            .because("resources live in <feature>.rest and shared HTTP plumbing in web; the core throws "
                    + "ProblemException and web.ProblemMappers renders it as application/problem+json");

    @ArchTest
    static final ArchRule restAdaptersDoNotTouchPersistence = noClasses()
            .that()
            .resideInAnyPackage("..webhooks.delivery.rest..", "..webhooks.subscription.rest..", "..webhooks.web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "..webhooks.delivery.db..", "..webhooks.subscription.db..", "io.vertx.mutiny.sqlclient..")
            .because("resources call SubscriptionService or DeliveryService, which own the transactions; SQL stays "
                    + "in the *.db repositories");

    @ArchTest
    static final ArchRule theKafkaAdapterDoesNotTouchPersistence = noClasses()
            .that()
            .resideInAPackage("..webhooks.signal.kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "..webhooks.delivery.db..", "..webhooks.subscription.db..", "io.vertx.mutiny.sqlclient..")
            .because("LifecycleConsumer parses the record and hands it to SignalService, which stores its "
                    + "deliveries in one transaction before the record's offset is committed");

    @ArchTest
    static final ArchRule onlyTheDeliveryPackageSendsHttp = noClasses()
            .that()
            .resideOutsideOfPackage("..webhooks.delivery")
            .and()
            .doNotHaveSimpleName("RequestLimitsFilter") // reads the incoming request's head, sends nothing
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.vertx.core.http..", "java.net.http..", "io.quarkus.rest.client..")
            .because("requests to subscribers go through WebhookSender, which connects only to the address "
                    + "DestinationGuard approved (no second DNS resolution, no redirects); send through it");

    @ArchTest
    static final ArchRule noHibernate = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.hibernate..", "jakarta.persistence..")
            .because("data access is plain SQL over the reactive client in the *.db repositories; Flyway owns the "
                    + "schema");

    @ArchTest
    static final ArchRule timeComesFromTheInjectedClock = noClasses()
            .that()
            .doNotBelongToAnyOf(TimeSources.class)
            .should()
            .callMethod(Instant.class, "now")
            .orShould()
            .callMethod(Clock.class, "systemUTC")
            .orShould()
            .callMethod(Clock.class, "systemDefaultZone")
            .orShould()
            .callMethod(System.class, "currentTimeMillis")
            .because("inject java.time.Clock (TimeSources produces the system clock) so that tests can fix time");

    @ArchTest
    static final ArchRule idsComeFromTheInjectedIdSource = noClasses()
            .that()
            .doNotBelongToAnyOf(TimeSources.class)
            .and()
            .resideOutsideOfPackage("..webhooks.web..")
            .should()
            .callMethod(UUID.class, "randomUUID")
            .because("inject IdSource (TimeSources produces random UUIDs) so that tests can fix ids; only web draws "
                    + "correlation ids for logged errors on the spot");

    @ArchTest
    static final ArchRule secureRandomIsInjected = noClasses()
            .that()
            .doNotBelongToAnyOf(TimeSources.class)
            .should()
            .callConstructor(SecureRandom.class)
            .because("inject the SecureRandom that TimeSources produces: one source for secrets and nonces, "
                    + "replaceable in tests");
}
