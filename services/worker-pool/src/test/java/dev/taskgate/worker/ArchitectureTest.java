package dev.taskgate.worker;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

@AnalyzeClasses(packages = "dev.taskgate.worker", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule childIgnoresTheParentRuntime = noClasses()
            .that()
            .resideInAPackage("dev.taskgate.worker.child..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.quarkus..",
                    "io.smallrye..",
                    "io.vertx..",
                    "jakarta..",
                    "org.eclipse.microprofile..",
                    "org.apache.kafka..",
                    "org.jboss..",
                    "com.networknt..",
                    "dev.taskgate.contracts..")
            .because("the child JVM runs with only its own classes and Jackson on the classpath (ChildClasspath);"
                    + " pass what an operation needs in its input instead of reaching for a framework");

    @ArchTest
    static final ArchRule childIgnoresTheParentPackages = noClasses()
            .that()
            .resideInAPackage("dev.taskgate.worker.child..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.taskgate.worker",
                    "dev.taskgate.worker.pool..",
                    "dev.taskgate.worker.execution..",
                    "dev.taskgate.worker.report..")
            .because("parent classes are not on the child's classpath; move shared protocol constants into"
                    + " dev.taskgate.worker.child and let the parent depend on them, never the reverse");

    @ArchTest
    static final ArchRule childUsesOnlyTheJdkJacksonThePluginApiAndPinnedHttp = classes()
            .that()
            .resideInAPackage("dev.taskgate.worker.child..")
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(
                    "java..",
                    // the JDK's TLS API (java.base): upstream calls name their TLS server name
                    "javax.net.ssl..",
                    "com.fasterxml.jackson.core..",
                    "com.fasterxml.jackson.databind..",
                    "com.fasterxml.jackson.annotation..",
                    "dev.taskgate.operation.api..",
                    // requests pinned to the checked address (libs/pinned-http, JDK only)
                    "dev.taskgate.pinnedhttp..",
                    "dev.taskgate.worker.child..")
            .because("ChildClasspath puts exactly these on the child's classpath; a new dependency needs a new"
                    + " anchor class there first");

    @ArchTest
    static final ArchRule kafkaStaysInAdapters = noClasses()
            .that()
            .resideInAnyPackage("dev.taskgate.worker.pool..", "dev.taskgate.worker.execution")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.apache.kafka..", "org.eclipse.microprofile.reactive..")
            .because("Kafka belongs in execution.kafka (consumers) and report (publishers); the pool and the"
                    + " execution decisions take and return contract records");
}
