@echo off
rem neardup launcher of a release: runs lib\neardup.jar on the Java 17+ of JAVA_HOME, else the one
rem on the PATH. Options for that JVM go in NEARDUP_JAVA_OPTS (e.g. -Xmx8g). The jar's manifest puts
rem lib\neardup-parquet.jar, Parquet's reader and writer, on the class path.
setlocal
set "NEARDUP_HOME=%~dp0.."
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java.exe"
rem Batch commands on the throughput collector, the service (serve) on the default, G1.
set "GC=-XX:+UseParallelGC"
if /i "%~1"=="serve" set "GC="
echo.%NEARDUP_JAVA_OPTS% | findstr /r /c:"-XX:+Use[A-Za-z]*GC" > nul && set "GC="
"%JAVA%" %GC% %NEARDUP_JAVA_OPTS% -jar "%NEARDUP_HOME%\lib\neardup.jar" %*
exit /b %ERRORLEVEL%
