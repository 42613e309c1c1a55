#!/bin/sh
echo trowel
echo rake
echo hose
