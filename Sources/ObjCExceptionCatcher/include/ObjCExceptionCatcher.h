// ObjCExceptionCatcher: runs a block and hands back the Objective-C exception it raised.
//
// Swift cannot catch an NSException: UIKit raises NSInternalInconsistencyException
// for a batch it rejects, and the UIKit conformance runner
// (Tests/UIKitConformanceTests) must record it and go on. This is the one
// function it needs, in Objective-C, declared only where the Objective-C
// runtime is (Apple platforms). Elsewhere this header declares nothing and
// the target builds empty (SwiftPM on Linux compiles the .m file, whose
// every line is behind the same #if).
#ifndef OBJC_EXCEPTION_CATCHER_H
#define OBJC_EXCEPTION_CATCHER_H

#if defined(__APPLE__) && defined(__OBJC__)
#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Runs `block` inside `@try`. Returns the NSException it raised, or nil
/// when it returned normally. (Swift sees
/// `func DCCatchException(_ block: () -> Void) -> NSException?`.)
///
/// An exception unwinds the frames between the raise and this function
/// without their clean-ups (Swift frames have none for exceptions), so
/// objects those frames held may leak: call it with a block that does one
/// thing, and do not go on using an object the exception left half-updated.
NSException *_Nullable DCCatchException(NS_NOESCAPE void (^block)(void));

NS_ASSUME_NONNULL_END
#endif

#endif
