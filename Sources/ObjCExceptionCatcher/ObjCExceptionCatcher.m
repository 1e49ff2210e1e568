// ObjCExceptionCatcher: see include/ObjCExceptionCatcher.h. Apple platforms only.
#if defined(__APPLE__)
#import "ObjCExceptionCatcher.h"

NSException *_Nullable DCCatchException(NS_NOESCAPE void (^block)(void)) {
    // NSException and @try/@catch: Foundation's documented exception
    // handling ("Exception Programming Topics", Handling Exceptions).
    @try {
        block();
    } @catch (NSException *exception) {
        return exception;
    }
    return nil;
}
#endif
